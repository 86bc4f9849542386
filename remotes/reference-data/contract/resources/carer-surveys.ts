import { defineSurveyResources } from './survey-resources.js';

/** Surveys of carers (job satisfaction, support, training), their questions and their submissions. */
const carerSurveyFamily = defineSurveyResources({
  survey: { name: 'carer-surveys', title: 'Carer surveys', singular: 'carer survey' },
  question: { name: 'carer-survey-questions', title: 'Carer survey questions', singular: 'carer survey question' },
  // List only: carers answer in the carer app. No carer resource exists yet: the respondent is a name in text.
  submission: { name: 'carer-survey-submissions', title: 'Carer survey submissions', singular: 'carer survey submission' },
  respondents: 'carers',
});

export const carerSurveys = carerSurveyFamily.survey;
export const carerSurveyQuestions = carerSurveyFamily.question;
export const carerSurveySubmissions = carerSurveyFamily.submission;
