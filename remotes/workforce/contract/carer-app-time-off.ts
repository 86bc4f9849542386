import * as v from 'valibot';
import { optionalText, requiredText, type Choice } from '@hcm/contract/engine';
import type { AvailabilityDay, HolidayBalance, HolidayReasonChoice, HolidayRow, HolidayWarning, TimeWindow } from './time-off.js';

// Time off from the carers' phone (issue 31): what the carers' app reads and sends under /api/v1/carer-app/, and
// the office's review of what carers tell it about their availability. The bodies are the office's own schemas
// (./time-off.ts): a leave request is HolidayRequestSchema, an availability submission TemporaryChangeSchema (the
// change it becomes once the office accepts it), so the phone's form and the server check one schema.

/** The carer's own days the phone shows, from UK today. */
export const PHONE_DAYS_AHEAD = 28;

export const CARER_APP_TIME_OFF_PATH = '/api/v1/carer-app/time-off';
export const CARER_APP_HOLIDAYS_PATH = '/api/v1/carer-app/holidays';
export const CARER_APP_AVAILABILITY_PATH = '/api/v1/carer-app/availability';
export const carerAppCancelPath = (holidayId: number) => `${CARER_APP_HOLIDAYS_PATH}/${holidayId}/cancel`;

/** A submission waits for the office (pending), then becomes a temporary change (accepted) or is declined. */
export const AVAILABILITY_REQUEST_STATUSES = [
  { value: 'pending', label: 'Waiting for the office' },
  { value: 'accepted', label: 'Accepted' },
  { value: 'declined', label: 'Declined' },
] as const satisfies readonly Choice[];
export type AvailabilityRequestStatus = (typeof AVAILABILITY_REQUEST_STATUSES)[number]['value'];

/** A carer's submission "not available on … because …" or "available at … on …", as the office and the phone read it. */
export type AvailabilityRequestRow = {
  id: number;
  carer_id: number;
  carer_name: string;
  branch_id: number;
  branch: string;
  from_date: string;
  to_date: string;
  available: boolean;
  windows: TimeWindow[];
  reason: string;
  status: AvailabilityRequestStatus;
  /** The phone's time when the carer sent it (it may have waited offline), and when it reached the office. */
  recorded_at: string;
  created_at: string;
  decided_by_name: string | null;
  decided_at: string | null;
  /** The office's note on accepting, or why it declined. */
  decision_note: string;
  /** The temporary change an accepted submission became (null when the office has since removed it). */
  change_id: number | null;
};

export const AcceptAvailabilityRequestSchema = v.strictObject(
  { note: optionalText('Note', 1000) },
  (issue) => (issue.expected === 'never' ? `${String(issue.received)} is not a field of an acceptance.` : 'Send the acceptance as a JSON object.'),
);
export const DeclineAvailabilityRequestSchema = v.strictObject(
  { reason: requiredText('Why it is declined', 1000) },
  (issue) => (issue.expected === 'never' ? `${String(issue.received)} is not a field of a refusal.` : 'Say why it is declined: the carer sees it.'),
);

/** One of the carer's holidays as their phone shows it (no other person's details). */
export type PhoneHoliday = Pick<
  HolidayRow,
  'id' | 'from_date' | 'to_date' | 'half_day_start' | 'half_day_end' | 'reason' | 'paid' | 'deducts_allowance' | 'notes' | 'status' | 'days' | 'hours' | 'requested_at' | 'decision_reason' | 'cancel_reason'
>;

/** GET /api/v1/carer-app/time-off: the device's own carer only. */
export type PhoneTimeOff = {
  carer: { id: number; name: string };
  today: string;
  /** Today and the next days (PHONE_DAYS_AHEAD in all), resolved as the rota reads them. */
  days: AvailabilityDay[];
  /** Their holidays of the current leave year, latest first. */
  holidays: PhoneHoliday[];
  balance: HolidayBalance;
  /** The reasons a leave request may give. */
  reasons: HolidayReasonChoice[];
  /** What they told the office about their availability: waiting, and decided ones not yet past. */
  availability_requests: AvailabilityRequestRow[];
};

/** POST /api/v1/carer-app/holidays answers the holiday and the warnings a carer may read. */
export type PhoneHolidaySaved = { holiday: PhoneHoliday; warnings: HolidayWarning[] };
