import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { COMPOSED_RESOURCES as RESOURCES } from '../area-modules.js';
import { createTestApp, loginAs, type TestApp, type TestClient } from '../testing.js';
import { BODY_NOT_OBJECT, NUL_IN_TEXT } from './input-hygiene.js';

// Hostile input to every route of the API (SECURITY.md §8): NUL characters, integers beyond the 32-bit id
// columns, arrays and objects where a value or an object belongs, malformed percent-encoding. Whatever comes
// in, the answer is a 2xx or a 4xx in the envelope, never a 5xx; a bad field of a body is named in `errors`.
// It walks the app's own route list, so a new route is fuzzed the day it is added; a write route needs a
// sample body below (the test says which are missing).

let t: TestApp | undefined;
let admin: TestClient;
before(async () => {
  t = await createTestApp();
  admin = await loginAs(t!.app, 'admin');
});
after(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const WRITES: readonly string[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

const STRONG = 'Fuzz!2026-password-long';
/** A valid-looking body for each write route that takes one; `null` for routes that take none. */
const SAMPLE_BODIES: Record<string, Record<string, unknown> | null> = {
  'POST /login': { email: 'nobody@homecare.test', password: 'not-the-password' },
  'POST /logout': null,
  'POST /api/v1/carer-app/session': { email: 'nobody@homecare.test', password: 'not-the-password', device_name: 'Fuzz phone' },
  // Signing the admin's own session out of the carers' app: nothing to mutate.
  'DELETE /api/v1/carer-app/session': null,
  'PUT /api/v1/carer-app/push': { endpoint: 'https://push.example/send/fuzz', keys: { p256dh: 'BFuzzKey', auth: 'fuzzSecret' } },
  'DELETE /api/v1/carer-app/push': null,
  'POST /api/v1/carer-devices': { user_id: 1, device_name: 'Fuzz phone' },
  'POST /api/v1/carer-devices/:id/revoke': null,
  'POST /api/v1/event-deliveries/:eventId/retry': { consumer: 'some-area:some-handler' },
  'POST /forgot-password': { email: 'nobody@homecare.test' },
  'POST /reset-password': { token: 'x'.repeat(43), email: 'nobody@homecare.test', password: STRONG, password_confirmation: STRONG },
  'POST /two-factor-challenge': { code: '123456' },
  'POST /otp-verify-challenge': { gist: 'a'.repeat(32), code: '123456' },
  'POST /otp-verify-challenge/resend': { gist: 'a'.repeat(32) },
  'POST /user/confirm-password': { password: 'not-the-password' },
  'PUT /user/password': { current_password: 'not-the-password', password: STRONG, password_confirmation: STRONG },
  'POST /user/two-factor-authentication': null,
  'DELETE /user/two-factor-authentication': null,
  'POST /user/confirmed-two-factor-authentication': { code: '123456' },
  'POST /user/two-factor-recovery-codes': null,
  'POST /health-professionals/login': { email: 'nobody@homecare.test', password: 'not-the-password' },
  'POST /health-professionals/logout': null,
  'POST /health-professionals/links/exchange': { id: 1, token: 'x'.repeat(43) },
  'POST /health-professionals/password': { password: STRONG, password_confirmation: STRONG },
  'POST /api/v1/branches': { name: 'Fuzz branch', code: 'FUZ', type: 'domiciliary' },
  'PUT /api/v1/branches/:id': { name: 'Camden', code: 'CAM', type: 'domiciliary' },
  'POST /api/v1/users': { name: 'Fuzz User', email: 'fuzz@homecare.test', role_id: 2, branch_ids: [1], password: STRONG },
  'PUT /api/v1/users/:id': { name: 'Fuzz Two', email: 'fuzz2@homecare.test', role_id: 2, branch_ids: [1], switch_target_ids: [] },
  'PUT /api/v1/user-roles/:id': { label: 'Office staff', description: '', permissions: ['dashboard.view'] },
  'POST /api/v1/account/switch': { user_id: 2 },
  'POST /api/v1/account/switch-back': null,
  'DELETE /api/v1/account/sessions': null,
  'DELETE /api/v1/account/sessions/:publicId': null,
  'DELETE /api/v1/users/:id/sessions': null,
  'DELETE /api/v1/sessions': null,
  'POST /api/v1/areas/:area/activate': { version: '1' },
  'POST /api/v1/areas/:area/rollback': { version: '1' },
  'POST /api/v1/health-professionals/:id/shares': { client_id: 1 },
  'DELETE /api/v1/health-professionals/:id/shares/:clientId': null,
  'POST /api/v1/health-professionals/:id/links': { expires_in_days: 7, send_email: false },
  'POST /api/v1/health-professionals/:id/links/:linkId/revoke': null,
  'POST /api/v1/communication/notices': { title: 'Fuzz', body: 'A notice.', audience: 'everyone', branch_id: 1 },
  'POST /api/v1/communication/my-notices/:id/read': null,
  'POST /api/v1/communication/carer-messages/carers/:carerId/read': null,
  'POST /api/v1/communication/family-messages/contacts/:contactId/read': null,
  'POST /api/v1/communication/carer-messages/carers/:carerId/messages': { channel: 'phone', direction: 'inbound', subject: '', body: 'Called.' },
  'POST /api/v1/communication/family-messages/contacts/:contactId/messages': { channel: 'phone', direction: 'inbound', subject: '', body: 'Called.' },
  'POST /api/v1/communication/carer-messages/messages/:id/retry': null,
  'POST /api/v1/communication/family-messages/messages/:id/retry': null,
  'POST /api/v1/communication/chats': { userId: 2 },
  'PUT /api/v1/carers/:id/care-certificate/standards/:number': { completed_on: '2026-11-20', assessor: 'Siân Evans', notes: '' },
  'PUT /api/v1/finance/export-settings': { xero_sales_account: '200', sage_sales_nominal: '4000', sage_bank_nominal: '1200', sage_funder_prefix: 'F', sage_client_prefix: 'C' },
  'PUT /api/v1/communication/chats/:chatId': { name: 'Renamed group' },
  'POST /api/v1/communication/chats/:chatId/members': { userIds: [2] },
  'POST /api/v1/communication/chats/:chatId/messages': { body: 'Hello' },
  'POST /api/v1/communication/chats/:chatId/messages/:messageId/read': null,
  'POST /api/v1/communication/chats/:chatId/open': null,
  'POST /api/v1/communication/chats/:chatId/read-all': null,
  'POST /api/v1/time-tracker/:module/:action': {
    module: 'default',
    timestamp: '2026-11-24T09:00:00.000Z',
    duration: 0,
    page_title: 'Client record',
    target_reference_entity_id: 1,
    trackable: { event_type: 'ASSESSMENT', target_type: 'client', target_id: 1, reference: 'Fuzz' },
  },
  'POST /api/v1/time-tracker/sessions/:id/stop': null,
  'POST /api/v1/care-note-categories': { label: 'Fuzz category', active: true },
  'PUT /api/v1/care-note-categories/:id': { label: 'Personal care', active: true },
  'POST /api/v1/clients/:ownerId/documents/:kind': { status: 'draft', content: {}, note: 'First draft' },
  'PUT /api/v1/clients/:ownerId/documents/:kind/:id': { base_version: 1, content: {}, note: 'Changed' },
  'POST /api/v1/clients/:ownerId/documents/:kind/:id/sign-off': { base_version: 1, role: 'Registered manager' },
  'POST /api/v1/clients/:clientId/care-notes': { category: 'personal-care', visit_date: '2026-01-05', planned_time: '08:00', note: 'Washed and dressed.', mood: 'settled', fluid_ml: 250, food_portion: 'all', concern: false },
  // Live operations (issue 16): carers' devices, visit confirmation, alerts and the clients' live events.
  'POST /api/v1/carer-app/visits/:id/check-in': { recorded_at: '2026-01-05T08:02:00.000Z', latitude: 51.54, longitude: -0.14, accuracy_metres: 12, no_position_reason: '' },
  'POST /api/v1/carer-app/visits/:id/check-out': { recorded_at: '2026-01-05T08:47:00.000Z', latitude: 51.54, longitude: -0.14, accuracy_metres: 12, no_position_reason: '' },
  'POST /api/v1/carer-app/visits/:id/tasks': { recorded_at: '2026-01-05T08:40:00.000Z', tasks: [{ task_key: 'personal-care', done: true, reason: '', note: '' }] },
  'PUT /api/v1/scheduler/live-settings/:branchId': { punctuality_window_minutes: 15, on_site_distance_metres: 150, duration_variance_percent: 25, late_after_minutes: 15, missed_after_minutes: 30, time_critical_late_after_minutes: 5, escalate_after_minutes: 15, on_call_user_id: null, on_call_phone: '' },
  'POST /api/v1/visits/confirm': { ids: [1], reason: 'Carer rang the office on arrival.' },
  'POST /api/v1/live/alerts/:id/acknowledge': null,
  'POST /api/v1/live/alerts/:id/resolve': { outcome: 'carer-arrived-late', note: 'Traffic on the A40.' },
  'POST /api/v1/carer-app/support-requests': { visit_id: 1, message: 'Client has fallen, need a second carer.', urgency: 'routine', recorded_at: null },
  'POST /api/v1/carer-app/clients/:clientId/medication-outcomes': { schedule_id: 2, due_date: '2026-01-06', due_slot: '08:00', outcome: 'A', recorded_at: '2026-01-06T08:05:00.000Z', dose_given: '', note: '', inr: '' },
  'POST /api/v1/carer-app/clients/:clientId/medication-images': { kind: 'mar-sheet', schedule_id: null, caption: 'MAR sheet', data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==' },
  'POST /api/v1/carer-app/clients/:clientId/medication-availability': { problem: 'running-low', schedule_id: null, medicine_name: 'Paracetamol', quantity_left: 4, note: '' },
  'POST /api/v1/live-events/medication-availability/:id/handle': { note: 'Rang the pharmacy: delivery tomorrow.' },
  'POST /api/v1/carer-app/clients/:clientId/incidents': { kind: 'near-miss', happened_at: '2026-01-05T08:20:00.000Z', description: 'Kettle left on.', injuries: '', action_taken: 'Switched off.', body_map: null, hazard: null },
  'POST /api/v1/carer-app/clients/:clientId/family-feedback': { from: 'Daughter', kind: 'compliment', text: 'Thank you for Tuesday.' },
  'POST /api/v1/live-events/incidents/:id/review': { outcome: 'no-further-action', note: 'Reviewed with the carer.', escalate_to_quality: false },
  'POST /api/v1/live-events/family-feedback/:id/acknowledge': { response: 'Thanked the family by phone.' },
  'POST /api/v1/live-events/logbook-audit/notes/:id/audit': { outcome: 'satisfactory', comment: '' },
  'POST /api/v1/carer-app/clients/:clientId/notes': { category: 'personal-care', visit_date: '2026-01-05', planned_time: '08:00', written_at: '2026-01-05T08:30:00.000Z', note: 'Washed and dressed.' },
  'POST /api/v1/carer-app/clients/:clientId/money': { transaction_date: '2026-01-05', type: 'received', amount: 1000, description: 'Cash for shopping', handled_by: 'Grace Okoro' },
  'POST /api/v1/clients/:clientId/call-logs': { call_date: '2026-01-05', call_time: '10:00', direction: 'in', caller_name: 'GP surgery', subject: 'Blood test', summary: 'Nurse visits Monday.', follow_up_needed: false },
  'POST /api/v1/clients/:clientId/call-logs/:id/follow-up': { outcome: 'Told the carer.' },
  'POST /api/v1/clients/:clientId/log-book': { entry_date: '2026-01-05', entry_time: '09:00', author_name: 'Grace Okoro', author_role: 'carer', audience: 'family', message: 'Milk is low.', needs_reply: false },
  'POST /api/v1/clients/:clientId/log-book/:id/reply': { reply: 'Bought some.' },
  'POST /api/v1/clients/:clientId/log-book/audits': { month: '2026-01', entries_checked: 10, entries_dated_signed: 'yes', entries_factual: 'yes', concerns_escalated: 'yes', replies_timely: 'yes', confidentiality_kept: 'yes', stored_safely: 'yes', issues: [], outcome: 'satisfactory', actions: '' },
  'POST /api/v1/clients/:clientId/money': { transaction_date: '2026-01-05', type: 'received', amount: '10.00', description: 'Cash for shopping', handled_by: 'Grace Okoro' },
  'POST /api/v1/clients/:clientId/money/:id/reverse': { reason: 'Entered twice.' },
  'POST /api/v1/clients/:clientId/money/audits': { period_from: '2026-01-01', period_to: '2026-01-05', cash_counted: '10.00', counted_with: 'Grace Okoro', receipts_present: 'yes', records_signed: 'yes', discrepancies: [], outcome: 'balanced', actions: '' },
  // Multipart (a file and its fields): a JSON body is refused with 422 on `file`.
  'POST /api/v1/clients/:clientId/uploads': null,
  'POST /api/v1/clients/:clientId/uploads/receipts': null,
  'POST /api/v1/clients/:clientId/uploads/:id/remove': { reason: 'Uploaded to the wrong client.' },
  'PUT /api/v1/clients/:clientId/access': { key_safe_location: 'By the front door', key_safe_code: '4827', door_access: '', parking: '', pets: '', alarm: '', key_holder_name: 'Susan Ellison', key_holder_relationship: 'Daughter', key_holder_phone: '07700 900101', notes: '' },
  'POST /api/v1/clients/:clientId/medications': { client_id: 1, medication_id: 12, dose: '1 tablet', frequency: 'One at night', support_level: 'assist', times: '21:00', start_date: '2026-01-05' },
  'POST /api/v1/clients/:clientId/medications/:id/stop': { stop_date: '2026-01-05', stop_reason: 'Stopped by the GP.' },
  'POST /api/v1/clients/:clientId/administrations': { schedule_id: 2, due_date: '2026-01-05', due_slot: '20:00', outcome: 'A', given_at: '2026-01-05T20:05', note: '' },
  'POST /api/v1/clients/:clientId/mar-audits': { month: '2026-01', audited_on: '2026-02-02', checks: { client_details: { answer: 'yes', comment: '' }, allergies: { answer: 'yes', comment: '' }, medicine_details: { answer: 'yes', comment: '' }, matches_prescription: { answer: 'yes', comment: '' }, records_complete: { answer: 'yes', comment: '' }, codes_explained: { answer: 'yes', comment: '' }, prn_reasons: { answer: 'yes', comment: '' }, time_critical: { answer: 'yes', comment: '' }, stock_counts: { answer: 'yes', comment: '' }, controlled_drugs: { answer: 'yes', comment: '' }, changes_authorised: { answer: 'yes', comment: '' }, storage: { answer: 'yes', comment: '' } }, findings: 'Complete.', outcome: 'satisfactory' },
  // Workforce: staff files' documents (the same engine as the client record), availability and holidays.
  'POST /api/v1/carers/:ownerId/documents/:kind': { status: 'draft', content: {}, note: 'First draft' },
  'PUT /api/v1/carers/:ownerId/documents/:kind/:id': { base_version: 1, content: {}, note: 'Changed' },
  'POST /api/v1/carers/:ownerId/documents/:kind/:id/sign-off': { base_version: 1, role: 'Registered manager' },
  'POST /api/v1/employees/:ownerId/documents/:kind': { status: 'draft', content: {}, note: 'First draft' },
  'PUT /api/v1/employees/:ownerId/documents/:kind/:id': { base_version: 1, content: {}, note: 'Changed' },
  'POST /api/v1/employees/:ownerId/documents/:kind/:id/sign-off': { base_version: 1, role: 'Registered manager' },
  'PUT /api/v1/carers/:id/availability': { fortnightly: false, week_a_starts_on: '', days: [{ week: 'A', weekday: 1, available: true, windows: [{ from: '08:00', to: '14:00' }], note: '' }] },
  'POST /api/v1/carers/:id/availability/temporary': { from_date: '2026-12-07', to_date: '2026-12-08', available: false, windows: [], reason: 'Exams' },
  'PUT /api/v1/carers/:id/availability/temporary/:changeId': { from_date: '2026-12-07', to_date: '2026-12-08', available: true, windows: [{ from: '09:00', to: '12:00' }], reason: 'Mornings only' },
  'DELETE /api/v1/carers/:id/availability/temporary/:changeId': null,
  'POST /api/v1/carers/:id/holidays': { from_date: '2027-02-01', to_date: '2027-02-03', half_day_start: false, half_day_end: false, reason_id: 1, notes: '' },
  'POST /api/v1/carers/:id/holidays/:holidayId/approve': { note: '' },
  'POST /api/v1/carers/:id/holidays/:holidayId/refuse': { reason: 'Short-staffed that week.' },
  'POST /api/v1/carers/:id/holidays/:holidayId/cancel': { reason: '' },
  'POST /api/v1/employees/:id/holidays': { from_date: '2027-02-01', to_date: '2027-02-03', half_day_start: false, half_day_end: false, reason_id: 1, notes: '' },
  'POST /api/v1/employees/:id/holidays/:holidayId/approve': { note: '' },
  'POST /api/v1/employees/:id/holidays/:holidayId/refuse': { reason: 'Short-staffed that week.' },
  'POST /api/v1/employees/:id/holidays/:holidayId/cancel': { reason: '' },
  'POST /api/v1/carers/:id/worked-hours': { period_start: '2026-11-23', period_end: '2026-12-20', hours: 62.5, note: '' },
  'DELETE /api/v1/carers/:id/worked-hours/:entryId': null,
  'POST /api/v1/carers/:id/availability-requests/:requestId/accept': { note: '' },
  'POST /api/v1/carers/:id/availability-requests/:requestId/decline': { reason: 'Already covered.' },
  'POST /api/v1/carer-app/holidays': { from_date: '2027-02-01', to_date: '2027-02-03', half_day_start: false, half_day_end: false, reason_id: 1, notes: '', recorded_at: '2026-01-05T08:00:00.000Z' },
  'POST /api/v1/carer-app/holidays/:holidayId/cancel': { reason: '', recorded_at: '2026-01-05T08:00:00.000Z' },
  'POST /api/v1/carer-app/availability': { from_date: '2027-02-01', to_date: '2027-02-01', available: false, windows: [], reason: 'Exams', recorded_at: '2026-01-05T08:00:00.000Z' },
  'PUT /api/v1/recruitment/applicants/:id/stage': { stage: 'screening', reason: '' },
  'POST /api/v1/recruitment/applicants/:id/hire': { start_date: '2026-12-07', contract_type: 'part-time', contracted_hours: 20, staffcode_id: null, band_id: null },
  'PUT /api/v1/recruitment/applicants/:id/vacancy': { career_id: 1 },
  'POST /api/v1/recruitment/applicants/:id/interviews': { date: '2026-12-02', start_time: '10:00', end_time: '11:00', location: 'Camden office', video_link: '', interviewers: 'Marcus Webb', notes: '' },
  'PUT /api/v1/recruitment/interviews/:id': { date: '2026-12-02', start_time: '10:00', end_time: '11:00', location: 'Camden office', video_link: '', interviewers: 'Marcus Webb', notes: '', status: 'held' },
  'POST /api/v1/recruitment/interviews/:id/cancel': { reason: '' },
  'POST /api/v1/carers/:id/compliance/dbs': { certificate_number: '001122334455', level: 'enhanced-barred', barred_list_checked: true, issue_date: '2026-01-05', disclosure: false, update_service: true, update_service_id: 'C000123456' },
  'PUT /api/v1/carers/:id/compliance/dbs/:rowId': { certificate_number: '001122334455', level: 'enhanced-barred', barred_list_checked: true, issue_date: '2026-01-05' },
  'POST /api/v1/carers/:id/compliance/dbs/:rowId/update-checks': { checked_on: '2026-11-01', result: 'no-new-information', checked_by: 'Fuzz' },
  'POST /api/v1/carers/:id/compliance/right-to-work': { document_type: 'british-irish-passport', visa_type: 'none', checked_on: '2026-01-05' },
  'PUT /api/v1/carers/:id/compliance/right-to-work/:rowId': { document_type: 'brp-evisa', visa_type: 'student', checked_on: '2026-01-05', expires_on: '2027-09-30', weekly_hours_cap: 20 },
  'POST /api/v1/carers/:id/compliance/driving-licence': { licence_number: 'MORGA753116SM9IJ', expires_on: '2030-01-01', points: 0, checked_on: '2026-01-05' },
  'PUT /api/v1/carers/:id/compliance/driving-licence/:rowId': { licence_number: 'MORGA753116SM9IJ', expires_on: '2030-01-01', checked_on: '2026-01-05' },
  'POST /api/v1/carers/:id/compliance/business-insurance': { insurer: 'Aviva', expires_on: '2027-01-01', business_use_confirmed: true, checked_on: '2026-01-05' },
  'PUT /api/v1/carers/:id/compliance/business-insurance/:rowId': { insurer: 'Aviva', expires_on: '2027-01-01', business_use_confirmed: true, checked_on: '2026-01-05' },
  'POST /api/v1/carers/:id/compliance/photo-id': { document_type: 'passport', seen_on: '2026-01-05', seen_by: 'Fuzz' },
  'PUT /api/v1/carers/:id/compliance/photo-id/:rowId': { document_type: 'passport', seen_on: '2026-01-05', seen_by: 'Fuzz' },
  'POST /api/v1/carers/:id/reference-requests': { referee_name: 'Fuzz Referee', referee_email: 'referee@example.org', organisation: 'Fuzz Ltd', relationship: 'employer' },
  'POST /api/v1/carers/:id/reference-requests/:requestId/resend': null,
  'POST /api/public/references/:requestId/:token': { referee_name: 'Fuzz' },
  // Multipart (a file and its fields): a JSON body is refused with 422 on `file`.
  'POST /api/v1/carers/:id/uploads': null,
  'POST /api/v1/employees/:id/uploads': null,
  'POST /api/v1/carers/:id/uploads/:uploadId/replace': null,
  'POST /api/v1/employees/:id/uploads/:uploadId/replace': null,
  'POST /api/v1/carers/:id/uploads/:uploadId/remove': { reason: 'Uploaded to the wrong carer.' },
  'POST /api/v1/employees/:id/uploads/:uploadId/remove': { reason: 'Uploaded to the wrong file.' },
  'POST /api/v1/carers/:id/call-logs': { call_date: '2026-11-20', call_time: '09:30', direction: 'out', with_name: 'Tom Fletcher', subject: 'Rota for December', notes: 'Agreed two extra morning calls.', follow_up_needed: true, follow_up_due: '2026-11-28' },
  'POST /api/v1/employees/:id/call-logs': { call_date: '2026-11-20', call_time: '09:30', direction: 'in', with_name: 'Marcus Webb', subject: 'Late in', notes: 'Train cancelled.', follow_up_needed: false, follow_up_due: '' },
  'POST /api/v1/carers/:id/call-logs/:callId/follow-up': { outcome: 'Done.' },
  'POST /api/v1/employees/:id/call-logs/:callId/follow-up': { outcome: 'Done.' },
  'POST /api/v1/carers/:id/transfers': { to_branch_id: 3, effective_on: '2026-11-23', reason: 'Moving to Bristol.' },
  'PUT /api/v1/carers/:id/settings': { app_access: true, notify_sms: true, notify_email: false, notify_app: true, max_weekly_hours: 30, max_travel_miles: 10, transport_mode: 'car', client_types: ['dementia'] },
  'POST /api/v1/carers/:id/terms': { terms_id: 1, accepted_on: '2026-11-24', method: 'in-person' },
  'POST /api/v1/carers/:id/training': { course_id: 2, result: 'passed', completed_on: '2026-11-20', expires_on: '', provider: 'In-house', certificate_number: 'BHC-2026-9001', score: 90, hours: 3, notes: '' },
  'PUT /api/v1/carers/:id/training/:recordId': { course_id: 2, result: 'passed', completed_on: '2026-11-20', expires_on: '2027-11-20', provider: 'St John Ambulance', certificate_number: '', score: null, hours: 6, notes: '' },
  'DELETE /api/v1/carers/:id/training/:recordId': null,
  'POST /api/v1/mar/outcome-codes': { code: 'FZ', label: 'Fuzz', colour: '#123456', gradient_to: '#abcdef' },
  'PUT /api/v1/mar/outcome-codes/:code': { label: 'Administered', colour: '#1f7a4d', gradient_to: '#5fbf8f', counts_as_given: true },
  // The scheduler: rules and travel, auto-assign, templates and generation, wizard, imports, utilities, office planner.
  'POST /api/v1/visits': { client_id: 1, date: '2026-12-01', start_time: '08:00', end_time: '08:45', carers_needed: 1 },
  'PUT /api/v1/visits/:id': { client_id: 1, date: '2026-12-01', start_time: '08:00', end_time: '08:45', carers_needed: 1, version: 1 },
  'POST /api/v1/visits/:id/cancel': { version: 1, reason: 'client-request', detail: '', chargeable: false },
  'POST /api/v1/visits/:id/reinstate': { version: 1 },
  'POST /api/v1/visits/:id/attention/dismiss': { reason: 'Family are covering this call themselves this week.' },
  'POST /api/v1/visits/:id/assign': { carer_id: 1, version: 1 },
  'POST /api/v1/visits/:id/unassign': { carer_id: 1, version: 1 },
  'POST /api/v1/visits/:id/move': { version: 1, start_time: '09:00', end_time: '09:45' },
  'POST /api/v1/visits/:id/check': { carer_id: 1 },
  'POST /api/v1/visits/:id/correct': { version: 1, reason: 'Confirmed with the client', status: 'completed', actual_start: '08:05', actual_end: '08:50' },
  'PUT /api/v1/scheduler/travel-settings': { branch_id: 1, average_speed_kmh: 25, road_factor_percent: 130 },
  'POST /api/v1/scheduler/auto-assign': { branch_id: 1, week_start: '2026-11-30', apply: false },
  'POST /api/v1/clients/:clientId/visit-templates': { name: 'Morning calls', starts_on: '2030-01-07', ends_on: '', repeat_weeks: 1, funder_code_id: '', bank_holidays: 'run', notes: '', slots: [{ week: 1, weekday: 1, start_time: '08:00', duration_minutes: 30, carers_needed: 1, visit_slot_id: '', tasks: [], preferred_carer_ids: [], notes: '' }] },
  'PUT /api/v1/visit-templates/:id': { version: 1, name: 'Morning calls', starts_on: '2030-01-07', ends_on: '', repeat_weeks: 1, funder_code_id: '', bank_holidays: 'run', notes: '', slots: [{ week: 1, weekday: 1, start_time: '08:30', duration_minutes: 30, carers_needed: 1, visit_slot_id: '', tasks: [], preferred_carer_ids: [], notes: '' }] },
  'POST /api/v1/visit-templates/:id/preview-change': { name: 'Morning calls', starts_on: '2030-01-07', ends_on: '', repeat_weeks: 1, funder_code_id: '', bank_holidays: 'run', notes: '', slots: [{ week: 1, weekday: 1, start_time: '08:30', duration_minutes: 30, carers_needed: 1, visit_slot_id: '', tasks: [], preferred_carer_ids: [], notes: '' }] },
  'DELETE /api/v1/visit-templates/:id': null,
  'PUT /api/v1/clients/:clientId/slots': { stamp: '', slots: [{ visit_slot_id: 1, preferred_start: '08:00', earliest_start: '07:30', latest_start: '08:30', time_critical: false, time_critical_reason: '', notes: '' }] },
  'POST /api/v1/scheduler/generate': { from: '2030-01-07', to: '2030-01-13', branch_id: '', client_id: '' },
  'POST /api/v1/rostering-drafts': { client_id: 1, funder_code_id: 1 },
  'PUT /api/v1/rostering-drafts/:id/steps/:step': { client_id: 1, funder_code_id: 1 },
  'DELETE /api/v1/rostering-drafts/:id': null,
  'POST /api/v1/rostering-drafts/:id/publish': null,
  'POST /api/v1/visits/csv-imports': { branch_id: 1, file_name: 'visits.csv', content: 'client,date,start,end\n4857773456,2026-12-07,08:00,08:30\n' },
  'POST /api/v1/visits/csv-imports/:id/import': { confirm: true },
  'POST /api/v1/utility/visits/move-funder-code/preview': { branch_id: 1, client_ids: [], from: '2026-11-01', to: '2026-11-30', from_funder_code_id: 1, to_funder_code_id: 2 },
  'POST /api/v1/utility/visits/move-funder-code': { branch_id: 1, client_ids: [], from: '2026-11-01', to: '2026-11-30', from_funder_code_id: 1, to_funder_code_id: 2 },
  'POST /api/v1/utility/visits/mark-npc-code/preview': { branch_id: 1, client_ids: [], from: '2026-11-01', to: '2026-11-30', npc_code_id: 1, which: 'cancelled' },
  'POST /api/v1/utility/visits/mark-npc-code': { branch_id: 1, client_ids: [], from: '2026-11-01', to: '2026-11-30', npc_code_id: 1, which: 'cancelled' },
  'POST /api/v1/assessment-visits': { client_id: 1, kind: 'review', assessor_id: 1, date: '2026-12-01', start_time: '10:00', duration_minutes: 60, location: '', outcome: '' },
  'PUT /api/v1/assessment-visits/:id': { client_id: 1, kind: 'review', assessor_id: 1, date: '2026-12-01', start_time: '10:00', duration_minutes: 60, location: '', outcome: '', version: 1 },
  'DELETE /api/v1/assessment-visits/:id': null,
  // Finance (issue 17).
  'POST /api/v1/finance/pay-runs/preview': { branch_id: 1, period_from: '2026-03-02', period_to: '2026-03-08' },
  'POST /api/v1/finance/pay-runs': { branch_id: 1, period_from: '2026-03-02', period_to: '2026-03-08' },
  'POST /api/v1/finance/pay-runs/:id/reset': { reason: 'Hours corrected after the run' },
  'POST /api/v1/finance/exports': { kind: 'finance', format: 'csv', from: '2026-03-01', to: '2026-03-31' },
  'POST /api/v1/finance/invoice-runs/preview': { branch_id: 1, payer_kind: 'funder', funder_code_id: 1, period_from: '2026-10-01', period_to: '2026-10-31' },
  'POST /api/v1/finance/invoice-runs': { branch_id: 1, payer_kind: 'funder', funder_code_id: 1, period_from: '2026-10-01', period_to: '2026-10-31' },
  'POST /api/v1/finance/invoice-runs/:id/reset': { reason: 'Wrong period' },
  'POST /api/v1/finance/invoices/:id/send': {},
  'POST /api/v1/finance/credit-notes': { invoice_id: 1, line_ids: [], reason: 'Visit cut short' },
  'POST /api/v1/finance/payments': { branch_id: 1, payer_kind: 'funder', funder_code_id: 1, client_id: null, received_on: '2026-03-10', amount_pence: 10000, method: 'bacs', reference: 'REMIT-1', notes: '' },
  'POST /api/v1/quality-assurance/incident-and-accidents': { branch_id: 1, occurred_on: '2026-03-02', reported_by: 'Amara Okafor', summary: 'Found on the floor', incident_type: 'fall', injury_severity: 'minor', people: [{ person_type: 'client', person_id: null, name: 'Edith Brown', role: 'Fell' }], told: [{ party: 'family', told_on: '2026-03-02', told_time: '09:00', by_whom: 'Amara Okafor', reference: '' }] },
  'PUT /api/v1/quality-assurance/incident-and-accidents/:id': { base_version: 1, branch_id: 1, occurred_on: '2026-03-02', reported_by: 'Amara Okafor', summary: 'Found on the floor', incident_type: 'fall', injury_severity: 'minor' },
  'POST /api/v1/quality-assurance/safeguardings': { branch_id: 1, occurred_on: '2026-03-02', reported_by: 'Office', summary: 'Bruises seen', abuse_category: 'physical' },
  'PUT /api/v1/quality-assurance/safeguardings/:id': { base_version: 1, branch_id: 1, occurred_on: '2026-03-02', reported_by: 'Office', summary: 'Bruises seen', abuse_category: 'physical' },
  'POST /api/v1/quality-assurance/complaints': { branch_id: 1, occurred_on: '2026-03-02', reported_by: 'Office', summary: 'Late calls', complainant_name: 'Mrs Cole', complainant_relation: 'family', channel: 'phone' },
  'PUT /api/v1/quality-assurance/complaints/:id': { base_version: 1, branch_id: 1, occurred_on: '2026-03-02', reported_by: 'Office', summary: 'Late calls', complainant_name: 'Mrs Cole', complainant_relation: 'family', channel: 'phone' },
  'POST /api/v1/quality-assurance/medication-errors': { branch_id: 1, occurred_on: '2026-03-02', reported_by: 'Office', summary: 'Dose missed', medicine: 'Donepezil 10 mg', error_type: 'omission', harm_level: 'no_harm', advice_sought: 'gp' },
  'PUT /api/v1/quality-assurance/medication-errors/:id': { base_version: 1, branch_id: 1, occurred_on: '2026-03-02', reported_by: 'Office', summary: 'Dose missed', medicine: 'Donepezil 10 mg', error_type: 'omission', harm_level: 'no_harm', advice_sought: 'gp' },
  'POST /api/v1/quality-assurance/compliments': { branch_id: 1, occurred_on: '2026-03-02', reported_by: 'Office', summary: 'Lovely carers', from_name: 'Mrs Kaur' },
  'PUT /api/v1/quality-assurance/compliments/:id': { base_version: 1, branch_id: 1, occurred_on: '2026-03-02', reported_by: 'Office', summary: 'Lovely carers', from_name: 'Mrs Kaur' },
  'POST /api/v1/quality-assurance/cqc-notifications': { branch_id: 1, occurred_on: '2026-03-02', reported_by: 'Priya Shah', summary: 'Fractured hip after a fall', category: 'serious_injury', status: 'draft' },
  'PUT /api/v1/quality-assurance/cqc-notifications/:id': { base_version: 1, branch_id: 1, occurred_on: '2026-03-02', reported_by: 'Priya Shah', summary: 'Fractured hip after a fall', category: 'serious_injury', status: 'draft' },
  'POST /api/v1/assistant/questions': { question: 'Who has a supervision overdue?' },
  'PUT /api/v1/reablement/clients/:id/weeks/:weekno': { base_version: 1, date: '2026-11-20', progress: 'Managing the stairs with the rail.', goals: [{ progress: 'progressing', note: '' }], visits: 12, support_hours: 6.5, therapist_notes: '', equipment: ['Perching stool'], next_steps: 'Review the lunch call.' },
  'POST /api/v1/kpis/recruitment/reports': { branch_id: 1, from: '2026-01-01', to: '2026-03-31', title: 'Q1 recruitment' },
  'POST /api/v1/kpis/bur': { branch_id: 1, month: '2025-06', commentary: 'Steady month.', actions: [{ action: 'Re-sequence the morning run', owner: 'Care coordinator', due_on: '2025-07-31' }], status: 'draft' },
  'PUT /api/v1/kpis/bur/:id': { version: 1, commentary: 'Updated.', actions: [], status: 'draft', recompute: false },
  'POST /api/v1/finance/payments/:id/allocations': { allocations: [{ invoice_id: 1, amount_pence: 1000 }] },
  'DELETE /api/v1/finance/allocations/:id': null,
  'PUT /api/v1/finance/clients/:id/funding': { version: 0, funder_code_id: null, purchase_order: 'PO-1', council_reference: '', billing_name: '', billing_address: '', billing_email: '', notes: '' },
};

/** Plausible values for route parameters, so the mutations of one parameter meet a valid rest. */
const PARAM_SAMPLES: Record<string, string> = { area: 'care-records', module: 'default', action: 'START', targetType: 'client', publicId: '0123456789abcdef', type: 'care-plan' };
const PARAM_ATTACKS = ['%00', 'a%00b', '99999999999', '2147483648', '-1', '1.5', '%ZZ', '%E0%A4%A', 'x'.repeat(2000)];
const QUERY_ATTACKS = [
  'search=%00',
  'status=%00',
  'sort=%00&mode=%00',
  'page=99999999999999999999',
  'page=-1&page_size=99999999999',
  'page=2147483648',
  'search=%ZZ',
  'search[]=a&search[]=%00',
  'from=0001-01-01&to=99999-12-31',
  'before=99999999999',
];
/**
 * Dates that match YYYY-MM-DD (or YYYY-MM) but do not exist (SECURITY.md §8, issue 26 L10): a route that checks
 * only the shape would hand them to new Date() or the database. Every date parameter a route may read is given
 * them; `to` also beside a real `from` (a route that refuses the first may never read the second).
 */
const IMPOSSIBLE_DATES = ['0000-00-00', '2026-13-01', '2026-02-30'];
const IMPOSSIBLE_MONTHS = ['2026-13', '0000-00'];
const OTHER_DATE_PARAMS = ['date', 'day', 'on', 'start', 'end', 'date_from', 'date_to', 'period_from', 'period_to', 'week', 'week_start', 'as_of', 'since', 'until'];
const DATE_QUERY_ATTACKS = [
  ...IMPOSSIBLE_DATES.flatMap((day) => [[`from=${day}&to=2026-03-31`, ...OTHER_DATE_PARAMS.map((name) => `${name}=${day}`)].join('&'), `from=2026-03-01&to=${day}`]),
  ...IMPOSSIBLE_MONTHS.map((month) => `month=${month}&period=${month}&from=${month}&to=${month}`),
];
/**
 * Whole-record documents, built in seconds from the record and reading no query string (a client's subject-access
 * export, the care plan and staff file PDFs): every query attack sent to them built the whole document again, and
 * they alone were most of this file's minutes. They get one attack of each kind (NUL, an array, impossible dates on
 * every date parameter); their route parameters are fuzzed in full like every route's.
 */
const WHOLE_RECORD_DOCUMENTS = new Set([
  'GET /api/v1/clients/:clientId/subject-access-export',
  'GET /api/v1/clients/:ownerId/care-plan.pdf',
  'GET /api/v1/carers/:ownerId/staff-file.pdf',
  'GET /api/v1/employees/:ownerId/staff-file.pdf',
]);
const queryAttacksFor = (route: { method: string; url: string }, attacks: readonly string[], few: readonly string[]) =>
  WHOLE_RECORD_DOCUMENTS.has(`${route.method} ${route.url}`) ? few : attacks;
const TEXT_ATTACK = 'fuzz\u0000text';
const NUMBER_ATTACKS: readonly unknown[] = [99999999999, '2147483648', 2147483648, -1, 1.5, 1e308, '1e400'];
const SHAPE_ATTACKS: readonly unknown[] = [['a'], { nested: '\u0000' }];

type Outcome = { label: string; status: number; body: string };
const failures: string[] = [];

function withParams(url: string, values: Record<string, string> = {}): string {
  return url.replace(/:(\w+)/g, (_match, name: string) => values[name] ?? PARAM_SAMPLES[name] ?? '1');
}

/** One request as the admin; a request that signs the admin out (logout, sessions) is followed by a new login. */
async function send(method: Method, url: string, payload?: unknown): Promise<Outcome & { json: () => { errors?: Record<string, string[]> | null } }> {
  const response = await admin.request(method, url, payload === undefined ? {} : { payload });
  if (response.statusCode === 401 || response.statusCode === 419) admin = await loginAs(t!.app, 'admin');
  return { label: `${method} ${url}`, status: response.statusCode, body: response.body.slice(0, 200), json: () => response.json() };
}

/** Routes whose true boundary is not configured in tests: a 503 saying so is their right answer (no language model). */
const UNCONFIGURED_BOUNDARY = new Set(['POST /api/v1/assistant/questions']);

function expectNo5xx(outcome: Outcome, what: string): void {
  if (outcome.status === 503 && UNCONFIGURED_BOUNDARY.has(outcome.label) && /not configured/.test(outcome.body)) return;
  if (outcome.status >= 500) failures.push(`${outcome.label} (${what}) answered ${outcome.status}: ${outcome.body}`);
}

type Read = { url: string; what: string };
/**
 * Sends the reads (GETs) a few at a time, each checked for a 5xx: thousands of them, and a read changes nothing
 * another depends on, so on PostgreSQL their waits on the database overlap rather than add up.
 */
async function readAll(reads: readonly Read[], atOnce = 4): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < reads.length) {
      const { url, what } = reads[next++]!;
      expectNo5xx(await send('GET', url), what);
    }
  };
  await Promise.all(Array.from({ length: atOnce }, worker));
}

const routesOf = () =>
  t!.app.allRoutes.filter((route) => ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method)) as { method: Method; url: string }[];

test('the whole-record documents sent fewer query attacks are routes of the app (the list cannot rot)', () => {
  const routes = new Set(routesOf().map((route) => `${route.method} ${route.url}`));
  assert.deepEqual([...WHOLE_RECORD_DOCUMENTS].filter((route) => !routes.has(route)), []);
});

test('every write route has a sample body here (a new route is fuzzed from day one)', () => {
  const resourceRoutes = new Set<string>();
  for (const spec of RESOURCES) {
    for (const name of [`POST /api/v1/${spec.name}`, `PUT /api/v1/${spec.name}/:id`, `DELETE /api/v1/${spec.name}/:id`]) resourceRoutes.add(name);
  }
  const missing = routesOf()
    .filter((route) => WRITES.includes(route.method))
    .map((route) => `${route.method} ${route.url}`)
    .filter((name) => !(name in SAMPLE_BODIES) && !resourceRoutes.has(name));
  assert.deepEqual(missing, [], 'add a sample body for these routes to SAMPLE_BODIES');
});

test('route parameters: NUL, out-of-range and malformed values never answer 5xx', async () => {
  for (const route of routesOf()) {
    const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
    const sample = SAMPLE_BODIES[`${route.method} ${route.url}`] ?? undefined;
    for (const name of names) {
      for (const attack of PARAM_ATTACKS) {
        const outcome = await send(route.method, withParams(route.url, { [name]: attack }), WRITES.includes(route.method) ? (sample ?? {}) : undefined);
        expectNo5xx(outcome, `:${name}=${attack.slice(0, 20)}`);
      }
    }
  }
  assert.deepEqual(failures.splice(0), []);
});

test('query strings: NUL, huge pages, arrays and malformed encoding never answer 5xx', async () => {
  const reads: Read[] = [];
  for (const route of routesOf().filter((candidate) => candidate.method === 'GET')) {
    for (const attack of queryAttacksFor(route, QUERY_ATTACKS, ['search=%00', 'search[]=a&search[]=%00'])) reads.push({ url: `${withParams(route.url)}?${attack}`, what: attack });
  }
  // Every declared filter of every resource list, with its date range.
  for (const spec of RESOURCES) {
    for (const [field, fieldSpec] of Object.entries(spec.fields)) {
      if (!fieldSpec.filterable) continue;
      for (const attack of ['%00', '99999999999', '2147483648', '-1']) reads.push({ url: `/api/v1/${spec.name}?${field}=${attack}`, what: `${field}=${attack}` });
      if (fieldSpec.kind === 'date') {
        reads.push({ url: `/api/v1/${spec.name}?${field}_from=0001-01-01&${field}_to=99999-12-31`, what: `${field} range` });
        reads.push({ url: `/api/v1/${spec.name}?${field}_from=%00&${field}_to=2026-02-30`, what: `${field} range` });
      }
    }
  }
  await readAll(reads);
  assert.deepEqual(failures.splice(0), []);
});

test('impossible dates (0000-00-00, 2026-13-01, 2026-02-30) in the date parameters of every list: never 5xx', async () => {
  const reads: Read[] = [];
  for (const route of routesOf().filter((candidate) => candidate.method === 'GET')) {
    for (const attack of queryAttacksFor(route, DATE_QUERY_ATTACKS, DATE_QUERY_ATTACKS.slice(0, 1))) reads.push({ url: `${withParams(route.url)}?${attack}`, what: attack });
  }
  // Every declared date filter of every resource list, each end alone.
  for (const spec of RESOURCES) {
    for (const [field, fieldSpec] of Object.entries(spec.fields)) {
      if (!fieldSpec.filterable || fieldSpec.kind !== 'date') continue;
      for (const day of IMPOSSIBLE_DATES) {
        for (const query of [`${field}=${day}`, `${field}_from=${day}`, `${field}_to=${day}`]) reads.push({ url: `/api/v1/${spec.name}?${query}`, what: query });
      }
    }
  }
  await readAll(reads);
  assert.deepEqual(failures.splice(0), []);
  // The two families the probe found answer 422 naming the parameter.
  const push = await admin.get('/api/v1/push-notifications?from=2026-13-01&to=0000-00-00');
  assert.equal(push.statusCode, 422, push.body);
  assert.deepEqual(Object.keys(push.json().errors).sort(), ['from', 'to']);
  const bundle = await admin.get('/api/v1/finance/print/invoices.pdf?from=2026-02-01&to=2026-02-30');
  assert.equal(bundle.statusCode, 422, bundle.body);
  assert.deepEqual(Object.keys(bundle.json().errors), ['to']);
});

test('a JSON array or scalar as the body of any write route: 4xx, never 5xx, never accepted', async () => {
  for (const route of routesOf().filter((candidate) => WRITES.includes(candidate.method))) {
    for (const payload of [[], [{ name: 'x' }], 'just text', 42]) {
      const outcome = await send(route.method, withParams(route.url), JSON.stringify(payload));
      expectNo5xx(outcome, `body ${JSON.stringify(payload)}`);
      if (outcome.status < 400) failures.push(`${outcome.label} accepted the body ${JSON.stringify(payload)} (${outcome.status})`);
    }
  }
  assert.deepEqual(failures.splice(0), []);
  const refused = await admin.put('/api/v1/branches/1', JSON.stringify([]), { headers: { 'content-type': 'application/json' } });
  assert.equal(refused.statusCode, 422);
  assert.equal(refused.json().message, BODY_NOT_OBJECT);
});

/**
 * Mutates one field of a body at a time. When the unmutated body was accepted, a refusal (422) must name the
 * mutated field: the form can then show the error beside it.
 */
async function fuzzBody(method: Method, url: string, sample: Record<string, unknown>): Promise<void> {
  expectNo5xx(await send(method, url, sample), 'sample body');
  // Sent twice: a create whose unique fields now clash is refused for that, whatever else changes.
  const accepted = (await send(method, url, sample)).status < 400;
  for (const [field, value] of Object.entries(sample)) {
    const attacks = [TEXT_ATTACK, ...SHAPE_ATTACKS, ...(typeof value === 'number' || typeof value === 'string' || Array.isArray(value) ? NUMBER_ATTACKS : [])];
    if (Array.isArray(value)) attacks.push([99999999999], ['2147483648'], [TEXT_ATTACK]);
    for (const attack of attacks) {
      const outcome = await send(method, url, { ...sample, [field]: attack });
      const what = `${field}=${JSON.stringify(attack)?.slice(0, 30)}`;
      expectNo5xx(outcome, what);
      if (outcome.status === 422 && accepted) {
        const errors = outcome.json().errors ?? {};
        if (!Object.keys(errors).some((key) => key === field || key.startsWith(`${field}.`))) {
          failures.push(`${outcome.label} (${what}) refused without naming ${field}: ${outcome.body}`);
        }
      }
    }
  }
}

test('bodies of the platform routes: each field given NUL, out-of-range numbers and wrong shapes', async () => {
  for (const [name, sample] of Object.entries(SAMPLE_BODIES)) {
    if (!sample) continue;
    const [method, url] = name.split(' ') as [Method, string];
    // Signing in as someone else or taking the admin's session away would end the walk: those stay unmutated.
    await fuzzBody(method, withParams(url), sample);
  }
  assert.deepEqual(failures.splice(0), []);
  const nul = await admin.post('/login', { email: 'admin\u0000@homecare.test', password: 'x' });
  assert.equal(nul.statusCode, 422);
  assert.deepEqual(nul.json().errors, { email: [NUL_IN_TEXT] });
});

test('bodies of every declared resource: each field of a real row given NUL, out-of-range numbers and wrong shapes', async () => {
  for (const spec of RESOURCES) {
    if (spec.operations && !spec.operations.includes('edit')) continue;
    const list = await admin.get(`/api/v1/${spec.name}?page_size=1`);
    const row = (list.json().data?.data?.[0] ?? null) as Record<string, unknown> | null;
    if (!row) continue;
    const sample = Object.fromEntries(Object.keys(spec.fields).map((field) => [field, row[field] ?? '']));
    await fuzzBody('PUT', `/api/v1/${spec.name}/${String(row.id)}`, sample);
  }
  assert.deepEqual(failures.splice(0), []);
});
