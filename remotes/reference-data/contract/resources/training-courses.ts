import * as v from 'valibot';
import { choiceOf, code, defineResource, flag, objectMessage, optionalText, optionalWholeNumber, requiredText } from '@hcm/contract/engine';

// The agency's training course catalogue (DOMAIN.md "Training": Skills for Care guidance, common practice): what
// carers must complete and how long each course stays valid. The workforce area's training records, matrix and
// refresher lists read it by table (training_courses); a course's validity sets a record's expiry date.

/** What kind of course it is: how the carer's file groups it (refresher and specialist training tabs). */
export const TRAINING_COURSE_CATEGORIES = [
  { value: 'induction', label: 'Induction (Care Certificate)' },
  { value: 'mandatory', label: 'Mandatory (once)' },
  { value: 'refresher', label: 'Mandatory refresher' },
  { value: 'specialist', label: 'Specialist' },
] as const;

/** Whose file must show it: every carer, carers on medication visits (every carer here), or only those named. */
export const TRAINING_REQUIRED_FOR = [
  { value: 'all', label: 'All carers' },
  { value: 'medication', label: 'Carers on medication visits' },
  { value: 'specific', label: 'Specific carers (specialist care)' },
] as const;

export const TRAINING_DELIVERY = [
  { value: 'classroom', label: 'Classroom' },
  { value: 'e-learning', label: 'E-learning' },
  { value: 'practical', label: 'Practical (observed)' },
  { value: 'blended', label: 'Blended (e-learning and classroom)' },
] as const;

export const trainingCourses = defineResource({
  name: 'training-courses',
  title: 'Training courses',
  singular: 'training course',
  schema: v.strictObject(
    {
      name: requiredText('Name', 120),
      code: code('Code', 12),
      category: choiceOf(TRAINING_COURSE_CATEGORIES, 'Choose a category.'),
      validity_months: optionalWholeNumber('Valid for (months)', 1, 120),
      required_for: choiceOf(TRAINING_REQUIRED_FOR, 'Choose who must complete it.'),
      delivery: choiceOf(TRAINING_DELIVERY, 'Choose how it is delivered.'),
      notes: optionalText('Notes', 1000),
      active: flag(true),
    },
    objectMessage('training course'),
  ),
  fields: {
    name: { label: 'Name', kind: 'text', column: true, sortable: true, searchable: true, unique: true },
    code: { label: 'Code', kind: 'text', hint: 'Short code shown in the training matrix, e.g. MH, BLS', column: true, sortable: true, searchable: true, unique: true },
    category: { label: 'Category', kind: 'choice', choices: TRAINING_COURSE_CATEGORIES, column: true, sortable: true, filterable: true },
    validity_months: { label: 'Valid for (months)', kind: 'integer', hint: 'Empty when it does not expire (12 for yearly refreshers, 36 every three years)', column: true, sortable: true },
    required_for: { label: 'Required for', kind: 'choice', choices: TRAINING_REQUIRED_FOR, column: true, filterable: true },
    delivery: { label: 'Delivery', kind: 'choice', choices: TRAINING_DELIVERY, filterable: true },
    notes: { label: 'Notes', kind: 'long-text' },
    active: { label: 'Active', kind: 'boolean', column: true, filterable: true },
  },
  labelField: 'name',
  defaultSort: { field: 'name', mode: 'asc' },
  permissions: { view: 'datatables.view', create: 'datatables.edit', edit: 'datatables.edit', delete: 'datatables.edit' },
  deletion: 'soft',
});
