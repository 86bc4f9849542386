import type { ComponentType } from 'react';
import { lazyScreen } from '@hcm/kit/routing';
import type { StaffScreenProps } from './types';

// The staff records' tabs that are screens of this area (contract/record-tabs.ts, kind 'screen'), by segment. Each
// loads on its first visit and is given whose file it is.

const screen = (load: () => Promise<{ default: ComponentType<StaffScreenProps> }>) => lazyScreen(load, 'Loading…');

const details = screen(() => import('./DetailsForm'));
const holidays = screen(() => import('../time-off/Holidays'));
const uploads = screen(() => import('../files/Uploads'));
const callLogs = screen(() => import('../files/CallLogs'));

export const CARER_SCREENS: Record<string, ComponentType<StaffScreenProps>> = {
  'csw-details': details,
  checklist: screen(() => import('../compliance/Checklist')),
  'recruitment-info': screen(() => import('../recruitment/RecruitmentInfo')),
  'reference-form': screen(() => import('../compliance/References')),
  'references-documents': screen(() => import('../compliance/ComplianceDocuments')),
  'references-documents/dbs-documents': screen(() => import('../compliance/DbsChecks')),
  'references-documents/student-visa-terms': screen(() => import('../compliance/RightToWork')),
  training: screen(() => import('../training/TrainingTab')),
  'training-stats': screen(() => import('../training/TrainingStats')),
  'refresher-training': screen(() => import('../training/RefresherTraining')),
  'specialist-training': screen(() => import('../training/SpecialistTraining')),
  'duty-days': screen(() => import('../time-off/DutyDays')),
  'duty-temporary-days': screen(() => import('../time-off/TemporaryDays')),
  holidays,
  uploads,
  'call-logs': callLogs,
  settings: screen(() => import('../files/CarerSettings')),
  'term-conditions': screen(() => import('../files/TermsConditions')),
  'file-transfer': screen(() => import('../files/FileTransfer')),
};

export const EMPLOYEE_SCREENS: Record<string, ComponentType<StaffScreenProps>> = {
  details,
  holidays,
  uploads,
  'call-logs': callLogs,
};
