import assert from 'node:assert/strict';
import { test } from 'node:test';
import { alertWindowsOf, windowOf } from '../../contract/compliance.js';
import { workHistoryGaps, workHistoryResults } from '../../contract/documents/compliance.js';
import { addMonths, computeCompliance, type ComplianceFacts, type ComplianceSettings } from './service.js';

// The compliance rule on fixed facts and a fixed day (golden): each check's state and window, who may be
// rostered and why not, the weekly hours cap, and the work history's gaps.

const TODAY = '2026-11-24';
const SETTINGS: ComplianceSettings = { alertWindows: [30, 14, 7], updateCheckMonths: 12, renewalYears: 3, referenceLinkDays: 14 };

const complete = (overrides: Partial<ComplianceFacts> = {}): ComplianceFacts => ({
  carer_id: 1,
  status: 'active',
  drives: false,
  dbs: { level: 'enhanced-barred', barred_list_checked: true, issue_date: '2022-03-01', disclosure: false, update_service: true, last_update_check: { checked_on: '2026-06-01', result: 'no-new-information' } },
  rightToWork: { document_type: 'british-irish-passport', visa_type: 'none', expires_on: null, follow_up_on: null, weekly_hours_cap: null, conditions: '' },
  photoId: { seen_on: '2022-02-20' },
  licence: null,
  insurance: null,
  references: 2,
  workHistory: { content: { jobs: [{ employer: 'Bluebird Care', role: 'Care assistant', from: '2010-01-01', to: '', gap_explanation: '' }] }, on: '2022-01-10' },
  healthDeclaration: true,
  riskAssessmentApproved: false,
  ...overrides,
});

const check = (result: ReturnType<typeof computeCompliance>, key: string) => {
  const found = result.checks.find((item) => item.key === key);
  assert.ok(found, `check ${key} present`);
  return found;
};

test('a complete file is compliant and rosterable, with every Schedule 3 check valid', () => {
  const result = computeCompliance(complete(), SETTINGS, TODAY);
  assert.equal(result.state, 'compliant');
  assert.equal(result.rosterable, true);
  assert.deepEqual(result.blocked_because, []);
  assert.deepEqual(
    result.checks.map((item) => [item.key, item.state]),
    [
      ['photo-id', 'valid'],
      ['dbs', 'valid'],
      ['dbs-update-service', 'valid'],
      ['right-to-work', 'valid'],
      ['references', 'valid'],
      ['work-history', 'valid'],
      ['health-declaration', 'valid'],
    ],
  );
  assert.equal(check(result, 'dbs-update-service').expires_on, '2027-06-01');
  assert.equal(result.next_expiry, '2027-06-01');
  assert.equal(result.weekly_hours_cap, null);
});

test('the Update Service check falls due in the 30, 14 and 7 day windows, then lapses and blocks rostering', () => {
  const withLastCheck = (checked_on: string) => complete({ dbs: { ...complete().dbs!, last_update_check: { checked_on, result: 'no-new-information' } } });
  const cases: [string, string, number, string][] = [
    ['2025-12-20', 'expiring', 26, '30'],
    ['2025-12-05', 'expiring', 11, '14'],
    ['2025-11-28', 'expiring', 4, '7'],
  ];
  for (const [last, state, days, window] of cases) {
    const result = computeCompliance(withLastCheck(last), SETTINGS, TODAY);
    const update = check(result, 'dbs-update-service');
    assert.equal(update.state, state);
    assert.equal(update.days_left, days);
    assert.equal(windowOf(update, SETTINGS.alertWindows), window);
    assert.equal(result.state, 'expiring');
    assert.equal(result.rosterable, true, 'still rosterable until it lapses');
  }
  const lapsed = computeCompliance(withLastCheck('2025-10-02'), SETTINGS, TODAY);
  const update = check(lapsed, 'dbs-update-service');
  assert.equal(update.state, 'expired');
  assert.equal(update.days_left, -53);
  assert.equal(windowOf(update, SETTINGS.alertWindows), 'expired');
  assert.equal(lapsed.state, 'non-compliant');
  assert.equal(lapsed.rosterable, false);
  assert.match(lapsed.blocked_because.join(' '), /DBS Update Service check/);
});

test('the Update Service interval and the windows come from the settings', () => {
  const facts = complete({ dbs: { ...complete().dbs!, last_update_check: { checked_on: '2026-06-01', result: 'no-new-information' } } });
  const sixMonthly = computeCompliance(facts, { ...SETTINGS, updateCheckMonths: 6 }, TODAY);
  assert.equal(check(sixMonthly, 'dbs-update-service').expires_on, '2026-12-01');
  assert.equal(check(sixMonthly, 'dbs-update-service').state, 'expiring');
  assert.equal(windowOf(check(sixMonthly, 'dbs-update-service'), SETTINGS.alertWindows), '7');
  const narrower = computeCompliance(facts, { ...SETTINGS, updateCheckMonths: 6, alertWindows: [5] }, TODAY);
  assert.equal(check(narrower, 'dbs-update-service').state, 'valid');
  assert.equal(windowOf(check(narrower, 'dbs-update-service'), [5]), null);
  assert.deepEqual(alertWindowsOf('7, 30,14'), [30, 14, 7]);
  assert.deepEqual(alertWindowsOf('soon'), [30, 14, 7]);
});

test('new information on the Update Service, a missing DBS or a certificate without the barred list block rostering', () => {
  const news = computeCompliance(complete({ dbs: { ...complete().dbs!, last_update_check: { checked_on: '2026-11-10', result: 'new-information' } } }), SETTINGS, TODAY);
  assert.equal(check(news, 'dbs-update-service').state, 'expired');
  assert.equal(check(news, 'dbs-update-service').days_left, null, 'no countdown: lapsed at once');
  assert.equal(news.rosterable, false);
  const none = computeCompliance(complete({ dbs: null }), SETTINGS, TODAY);
  assert.equal(check(none, 'dbs').state, 'missing');
  assert.equal(none.rosterable, false);
  const basic = computeCompliance(complete({ dbs: { ...complete().dbs!, level: 'basic', barred_list_checked: false } }), SETTINGS, TODAY);
  assert.equal(check(basic, 'dbs').state, 'missing');
  assert.match(check(basic, 'dbs').detail, /basic/);
  assert.equal(basic.rosterable, false);
  // Not on the Update Service: renewed after the setting's years.
  const renewed = computeCompliance(complete({ dbs: { ...complete().dbs!, update_service: false, issue_date: '2023-12-10', last_update_check: null } }), SETTINGS, TODAY);
  assert.equal(check(renewed, 'dbs').expires_on, '2026-12-10');
  assert.equal(check(renewed, 'dbs').state, 'expiring');
  assert.ok(!renewed.checks.some((item) => item.key === 'dbs-update-service'));
});

test('a disclosure needs an approved DBS risk assessment before rostering', () => {
  const disclosed = complete({ dbs: { ...complete().dbs!, disclosure: true } });
  assert.equal(computeCompliance(disclosed, SETTINGS, TODAY).rosterable, false);
  assert.equal(check(computeCompliance(disclosed, SETTINGS, TODAY), 'dbs-risk-assessment').state, 'missing');
  assert.equal(computeCompliance({ ...disclosed, riskAssessmentApproved: true }, SETTINGS, TODAY).rosterable, true);
});

test('right to work: a student visa caps the weekly hours; a lapsed permission blocks rostering and drops the cap', () => {
  const student = complete({ rightToWork: { document_type: 'brp-evisa', visa_type: 'student', expires_on: '2027-10-31', follow_up_on: '2027-10-01', weekly_hours_cap: 20, conditions: '' } });
  const result = computeCompliance(student, SETTINGS, TODAY);
  assert.equal(result.weekly_hours_cap, 20);
  assert.equal(check(result, 'right-to-work').state, 'valid');
  assert.match(check(result, 'right-to-work').detail, /20 hours a week in term time/);
  const visa = computeCompliance(complete({ rightToWork: { document_type: 'share-code', visa_type: 'health-care-worker', expires_on: '2026-12-14', follow_up_on: '2026-12-07', weekly_hours_cap: null, conditions: '' } }), SETTINGS, TODAY);
  assert.equal(check(visa, 'right-to-work').state, 'expiring');
  assert.equal(check(visa, 'right-to-work').days_left, 20);
  assert.equal(visa.rosterable, true);
  const ended = computeCompliance({ ...student, rightToWork: { ...student.rightToWork!, expires_on: '2026-11-20' } }, SETTINGS, TODAY);
  assert.equal(check(ended, 'right-to-work').state, 'expired');
  assert.equal(ended.rosterable, false);
  assert.equal(ended.weekly_hours_cap, null);
  const missing = computeCompliance(complete({ rightToWork: null }), SETTINGS, TODAY);
  assert.equal(missing.rosterable, false);
});

test('a suspended carer, a leaver and an applicant are never rosterable; documents missing do not block', () => {
  assert.deepEqual(computeCompliance(complete({ status: 'suspended' }), SETTINGS, TODAY).blocked_because, ['Suspended.']);
  assert.equal(computeCompliance(complete({ status: 'leaver' }), SETTINGS, TODAY).rosterable, false);
  assert.equal(computeCompliance(complete({ status: 'applicant' }), SETTINGS, TODAY).rosterable, false);
  const thin = computeCompliance(complete({ references: 1, workHistory: null, healthDeclaration: false, photoId: null }), SETTINGS, TODAY);
  assert.equal(thin.state, 'non-compliant');
  assert.equal(thin.rosterable, true);
  assert.equal(check(thin, 'references').detail, '1 of 2 references received.');
});

test('drivers need a licence and business insurance; others do not', () => {
  assert.ok(!computeCompliance(complete(), SETTINGS, TODAY).checks.some((item) => item.key === 'driving-licence'));
  const driver = computeCompliance(
    complete({ drives: true, licence: { expires_on: '2031-01-01', points: 3 }, insurance: { expires_on: '2026-11-15', business_use_confirmed: true } }),
    SETTINGS,
    TODAY,
  );
  assert.equal(check(driver, 'driving-licence').state, 'valid');
  assert.equal(check(driver, 'business-insurance').state, 'expired');
  assert.equal(driver.state, 'non-compliant');
  assert.equal(driver.rosterable, true, 'expired insurance stops driving, not caring');
  const noBusinessUse = computeCompliance(complete({ drives: true, licence: { expires_on: '2031-01-01', points: 0 }, insurance: { expires_on: '2027-11-15', business_use_confirmed: false } }), SETTINGS, TODAY);
  assert.equal(check(noBusinessUse, 'business-insurance').state, 'missing');
});

test('work history: gaps over 28 days in the last 10 years count unless explained', () => {
  const values = {
    jobs: [
      { employer: 'A', role: 'Carer', from: '2020-01-01', to: '2022-12-31', gap_explanation: '' },
      { employer: 'B', role: 'Carer', from: '2023-03-01', to: '', gap_explanation: '' },
      { employer: 'C', role: 'Shop', from: '2016-01-01', to: '2019-12-10', gap_explanation: '' },
      { employer: 'D', role: 'Shop', from: '2010-01-01', to: '2015-12-31', gap_explanation: '' },
    ],
  };
  const gaps = workHistoryGaps(values, TODAY);
  assert.deepEqual(gaps, [{ from: '2022-12-31', to: '2023-02-28', days: 59, explained: false }]);
  assert.equal(workHistoryResults(values, TODAY)[0]!.band, '1 unexplained gap');
  assert.equal(workHistoryResults(values, TODAY)[0]!.level, 'high');
  const explained = { jobs: values.jobs.map((job) => (job.employer === 'B' ? { ...job, gap_explanation: 'Travelled to see family in Ghana.' } : job)) };
  assert.equal(workHistoryResults(explained, TODAY)[0]!.value, 0);
  // Ended work two months ago: a gap up to today, explained by the document's own question.
  const ended = { jobs: [{ employer: 'A', role: 'Carer', from: '2010-01-01', to: '2026-09-20', gap_explanation: '' }] };
  assert.equal(workHistoryGaps(ended, TODAY).length, 1);
  assert.equal(workHistoryGaps({ ...ended, gap_since_last_job: 'Looking for work.' }, TODAY)[0]!.explained, true);
  const carer = computeCompliance(complete({ workHistory: { content: values, on: TODAY } }), SETTINGS, TODAY);
  // Gaps count up to the day the history was written: the months since are the job with us.
  const written = computeCompliance(complete({ workHistory: { content: ended, on: '2026-09-30' } }), SETTINGS, TODAY);
  assert.equal(check(written, 'work-history').state, 'valid');
  assert.equal(check(carer, 'work-history').state, 'missing');
  assert.match(check(carer, 'work-history').detail, /1 unexplained gap/);
});

test('addMonths keeps the day or takes the month end', () => {
  assert.equal(addMonths('2025-10-02', 12), '2026-10-02');
  assert.equal(addMonths('2024-02-29', 12), '2025-02-28');
  assert.equal(addMonths('2026-01-31', 1), '2026-02-28');
});

test('office employees: DBS and right to work dates from their references and checks document', async () => {
  const { employeeChecks } = await import('./routes.js');
  const keyed = (content: Record<string, unknown> | null) => employeeChecks(content, SETTINGS, TODAY).map((item) => [item.check, item.state, item.days_left]);
  assert.deepEqual(keyed(null), [['dbs', 'missing', null], ['right-to-work', 'missing', null]]);
  assert.deepEqual(keyed({ dbs_issued: '2023-12-01', dbs_update_service: false, rtw_checked_on: '2023-11-20', rtw_expiry: '' }), [['dbs', 'expiring', 7]]);
  assert.deepEqual(keyed({ dbs_issued: '2020-01-01', dbs_update_service: true, rtw_checked_on: '2023-11-20', rtw_expiry: '2026-11-01' }), [['right-to-work', 'expired', -23]]);
});
