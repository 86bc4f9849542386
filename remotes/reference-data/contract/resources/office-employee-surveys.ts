import { defineSurveyResources } from './survey-resources.js';

/** Surveys of office employees, their questions and their submissions. */
const officeEmployeeSurveyFamily = defineSurveyResources({
  survey: { name: 'office-employee-surveys', title: 'Office employee surveys', singular: 'office employee survey' },
  question: { name: 'office-employee-survey-questions', title: 'Office employee survey questions', singular: 'office employee survey question' },
  // List only. No office-employee resource exists yet: the respondent is a name in text.
  submission: { name: 'office-employee-survey-submissions', title: 'Office employee survey submissions', singular: 'office employee survey submission' },
  respondents: 'office employees',
});

export const officeEmployeeSurveys = officeEmployeeSurveyFamily.survey;
export const officeEmployeeSurveyQuestions = officeEmployeeSurveyFamily.question;
export const officeEmployeeSurveySubmissions = officeEmployeeSurveyFamily.submission;
