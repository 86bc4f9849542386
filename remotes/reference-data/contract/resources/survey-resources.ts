import * as v from 'valibot';
import { choiceOf, defineResource, flag, isoDate, objectMessage, optionalIsoDate, optionalText, optionalWholeNumber, referenceId, requiredText, textOrDefault, wholeNumber, type FieldSpec } from '@hcm/contract/engine';

export const SURVEY_STATUSES = [
  { value: 'draft', label: 'Draft' },
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
] as const;

export const ANSWER_TYPES = [
  { value: 'rating', label: 'Rating from 1 to 5' },
  { value: 'yes-no', label: 'Yes or no' },
  { value: 'free-text', label: 'Free text' },
] as const;

type Names = { name: string; title: string; singular: string };

const DATATABLES = { view: 'datatables.view', create: 'datatables.edit', edit: 'datatables.edit', delete: 'datatables.edit' } as const;

/**
 * A staff survey with its questions and its submissions (carer surveys and office-employee surveys share
 * the shape). Questions and submissions are nested resources of the survey through `survey_id`.
 *
 * Submissions are list-only: they arrive from the staff app, not from this back office. There is no carer
 * or office-employee resource yet, so a submission names its respondent in text (or 'Anonymous'); it
 * becomes a reference once those resources exist. Per-question answers will then hang off the submission.
 */
export function defineSurveyResources(names: { survey: Names; question: Names; submission: Names; respondents: string }) {
  const survey = defineResource({
    name: names.survey.name,
    title: names.survey.title,
    singular: names.survey.singular,
    schema: v.strictObject(
      {
        title: requiredText('Title', 160),
        description: optionalText('Description', 2000),
        status: choiceOf(SURVEY_STATUSES, 'Choose a status.'),
        opens_on: isoDate('Opens on'),
        closes_on: optionalIsoDate('Closes on'),
        anonymous: flag(false),
      },
      objectMessage(names.survey.singular),
    ),
    fields: {
      title: { label: 'Title', kind: 'text', column: true, sortable: true, searchable: true, unique: true },
      description: { label: `What ${names.respondents} are told`, kind: 'long-text' },
      status: { label: 'Status', kind: 'choice', choices: SURVEY_STATUSES, column: true, sortable: true, filterable: true },
      opens_on: { label: 'Opens on', kind: 'date', column: true, sortable: true, filterable: true },
      closes_on: { label: 'Closes on', kind: 'date', hint: 'Leave empty to keep it open', column: true, sortable: true },
      anonymous: { label: 'Anonymous', kind: 'boolean', hint: 'Submissions do not show who answered', column: true },
    },
    labelField: 'title',
    defaultSort: { field: 'opens_on', mode: 'desc' },
    permissions: DATATABLES,
    // Its questions and submissions refer to it.
    deletion: 'soft',
  });

  // Questions and submissions both belong to a survey, fixed once created.
  const surveyField: FieldSpec = {
    label: 'Survey',
    kind: 'reference',
    references: { resource: names.survey.name, labelField: 'title' },
    column: true,
    filterable: true,
    fixedAfterCreate: true,
  };

  const question = defineResource({
    name: names.question.name,
    title: names.question.title,
    singular: names.question.singular,
    schema: v.strictObject(
      {
        survey_id: referenceId('Survey'),
        position: wholeNumber('Order', 1, 100),
        question: requiredText('Question', 300),
        answer_type: choiceOf(ANSWER_TYPES, 'Choose how it is answered.'),
        required: flag(true),
      },
      objectMessage(names.question.singular),
    ),
    fields: {
      survey_id: surveyField,
      position: { label: 'Order', kind: 'integer', hint: 'Questions are asked in this order', column: true, sortable: true },
      question: { label: 'Question', kind: 'text', column: true, searchable: true },
      answer_type: { label: 'Answer', kind: 'choice', choices: ANSWER_TYPES, column: true, filterable: true },
      required: { label: 'Must be answered', kind: 'boolean', column: true },
    },
    labelField: 'question',
    defaultSort: { field: 'position', mode: 'asc' },
    permissions: DATATABLES,
    parent: { resource: names.survey.name, field: 'survey_id' },
    deletion: 'hard',
  });

  const submission = defineResource({
    name: names.submission.name,
    title: names.submission.title,
    singular: names.submission.singular,
    schema: v.strictObject(
      {
        survey_id: referenceId('Survey'),
        respondent_name: textOrDefault('Respondent', 'Anonymous', 120),
        submitted_on: isoDate('Submitted on'),
        score: optionalWholeNumber('Score', 0, 100),
        comments: optionalText('Comments', 4000),
      },
      objectMessage(names.submission.singular),
    ),
    fields: {
      survey_id: surveyField,
      respondent_name: { label: 'Respondent', kind: 'text', hint: 'Anonymous when the survey is', column: true, sortable: true, searchable: true },
      submitted_on: { label: 'Submitted on', kind: 'date', column: true, sortable: true, filterable: true },
      score: { label: 'Score (%)', kind: 'integer', hint: 'Share of the best possible answers to the rating and yes-or-no questions', column: true, sortable: true },
      comments: { label: 'Comments', kind: 'long-text', searchable: true },
    },
    labelField: 'respondent_name',
    defaultSort: { field: 'submitted_on', mode: 'desc' },
    permissions: DATATABLES,
    parent: { resource: names.survey.name, field: 'survey_id' },
    deletion: 'hard',
    operations: [],
  });

  return { survey, question, submission };
}
