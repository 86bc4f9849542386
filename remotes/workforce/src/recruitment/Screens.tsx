import { Navigate, Route, Routes } from 'react-router-dom';
import { NotFound } from '@hcm/kit';
import Applicants from './Applicants';
import ChecksMatrix from './ChecksMatrix';
import Dashboard from './Dashboard';
import InterviewCalendar from './InterviewCalendar';
import Reports from './Reports';
import { SurveyDuePage, SurveyList } from './Surveys';
import { VacancyList, VacancyPage } from './Vacancies';

/**
 * The recruitment screens under their three prefixes: /app/recruitment/{applicants, dashboard, calendar, matrix,
 * reports}, /app/job-vacancies (and :id), /app/surveys (and :id/due). Each page has its h1.
 */
export default function RecruitmentScreens({ prefix }: { prefix: string }) {
  if (prefix === 'job-vacancies') {
    return (
      <Routes>
        <Route index element={<VacancyList />} />
        <Route path=":id" element={<VacancyPage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    );
  }
  if (prefix === 'surveys') {
    return (
      <Routes>
        <Route index element={<SurveyList />} />
        <Route path=":id/due" element={<SurveyDuePage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    );
  }
  return (
    <Routes>
      <Route index element={<Navigate to="applicants" replace />} />
      <Route path="applicants" element={<Applicants />} />
      <Route path="dashboard" element={<Dashboard />} />
      <Route path="calendar" element={<InterviewCalendar />} />
      <Route path="matrix" element={<ChecksMatrix />} />
      <Route path="reports" element={<Reports />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
