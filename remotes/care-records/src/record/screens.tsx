import type { ComponentType } from 'react';
import { lazyScreen } from '@hcm/kit/routing';

// The record's tabs that are screens of this area (contract/record-tabs.ts, kind 'screen'), by segment. Each loads
// on its first visit; each is given the client's id and renders its own sub-pages (relative routes).

export type RecordScreenProps = { clientId: number };

const screen = (load: () => Promise<{ default: ComponentType<RecordScreenProps> }>) => lazyScreen(load, 'Loading…');

export const RECORD_SCREENS: Record<string, ComponentType<RecordScreenProps>> = {
  'profile-info': screen(() => import('./ProfileInfo')),
  'support-network': screen(() => import('./SupportNetwork')),
  settings: screen(() => import('./Settings')),
  medication: screen(() => import('../medication/MedicationTab')),
  marchart: screen(() => import('../medication/MarChart')),
  'marchart-audit': screen(() => import('../medication/MarChartAudit')),
  'client-logs': screen(() => import('../daily/CareNotes')),
  'daily-reporting': screen(() => import('../daily/DailyReporting')),
  'care-note-summary': screen(() => import('../daily/CareNoteSummary')),
  'call-logs': screen(() => import('../daily/CallLogs')),
  'communication-log-book-audit': screen(() => import('../daily/LogBook')),
  'financial-transaction': screen(() => import('../daily/MoneyHandled')),
  'financial-transaction-audit': screen(() => import('../daily/MoneyAudit')),
  uploads: screen(() => import('../uploads/Uploads')),
};
