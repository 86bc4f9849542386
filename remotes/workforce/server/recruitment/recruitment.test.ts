import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { auditLog, roles, userBranches, users } from '@hcm/server/platform';
import { createRole, createTestApp, createUser, fixClock, loginAs, type TestApp, type TestClient } from '@hcm/server/testing';
import type { ApplicantRow, InterviewRow, MatrixRow, RecruitmentDashboard, RecruitmentInfo, RecruitmentReport, SurveyDue, VacancyDetail, VacancyRow } from '../../contract/recruitment.js';
import { carerCompliance } from '../compliance/tables.js';
import { carerAccounts, carerDocuments, carersTable } from '../people/people-tables.js';
import { carerColumns } from '../people/visibility.js';
import { carerSurveySubmissions } from './read-models.js';
import { reportCsv } from './service.js';
import { recruitmentStageHistory } from './tables.js';

// The recruitment demo is dated: Yasmin's interview is on Thursday 26 November 2026, Olivia in offer since the 6th.
// The tests read it on the Wednesday before.
fixClock('2026-11-25T10:00:00Z');

// Recruitment through the API, over the demo agency (today is 24 November 2026): the dashboard's figures from the
// demo's known history, moves along the pipeline (a reason to end one, the checks before ready), interviews, the
// hire that makes a sign-in account and keeps every document, vacancies, the checks matrix, reports and surveys.

let t: TestApp;
let office: TestClient; // Camden only
let admin: TestClient;

before(async () => {
  t = await createTestApp();
  office = await loginAs(t.app, 'office');
  admin = await loginAs(t.app, 'admin');
});
after(() => t.close());

async function carerId(who: string): Promise<number> {
  const [row] = await t.database.db.select({ id: carerColumns.id }).from(carersTable).where(eq(carerColumns.email, `${who}@homecare.test`));
  assert.ok(row, `demo carer ${who}`);
  return Number(row.id);
}

const ALL_CLEAR = ['dbs', 'right-to-work', 'references', 'work-history', 'photo-id', 'health-declaration'].map((key) => ({ key, label: key, state: 'valid', expires_on: null, days_left: null, blocks_rostering: false, detail: 'Seen and checked.' }));

/**
 * Every hiring check valid, except those left out (no entry) and those given another state. Compliance is worked
 * out again whenever the file changes (a stage move included): the row stands in for it, so it is dated ahead of
 * any change the test makes.
 */
async function clearChecks(id: number, except: string[] = [], states: Record<string, string> = {}) {
  const checks = ALL_CLEAR.filter((check) => !except.includes(check.key)).map((check) => ({ ...check, state: states[check.key] ?? check.state, detail: states[check.key] ? `DBS certificate ${states[check.key]}.` : check.detail }));
  const pinned = new Date('2100-01-01T00:00:00Z');
  await t.database.db
    .insert(carerCompliance)
    .values({ carer_id: id, state: 'compliant', rosterable: true, blocked_because: [], checks: checks as never, checked_at: pinned })
    .onConflictDoUpdate({ target: carerCompliance.carer_id, set: { checks: checks as never, checked_at: pinned } });
}

test('the dashboard counts the demo’s Camden year: 5 applied, 1 hired in 50 days, the funnel and sources', async () => {
  const answer = await office.get('/api/v1/recruitment/dashboard?period=year');
  assert.equal(answer.statusCode, 200, answer.body);
  const data = answer.json().data as RecruitmentDashboard;
  // Camden this year: Maria, George, Olivia, Adam (applicants) and Daniel Kowalski (hired 1 September).
  assert.equal(data.applied, 5);
  assert.equal(data.hired, 1);
  assert.equal(data.rejected, 1);
  assert.equal(data.conversion, 20);
  assert.equal(data.average_days_to_hire, 50, 'Daniel: applied 13 July, hired 1 September');
  assert.deepEqual(data.funnel.map((step) => [step.stage, step.reached]), [['applied', 5], ['screening', 4], ['interview', 3], ['offer', 2], ['checks', 1], ['ready', 1], ['hired', 1]]);
  assert.equal(data.funnel.find((step) => step.stage === 'interview')?.conversion, 75);
  assert.deepEqual(data.sources.find((row) => row.source === 'indeed'), { source: 'indeed', label: 'Indeed', applied: 2, hired: 0 });
  const camden = data.open_vacancies.find((vacancy) => vacancy.title === 'Care Worker – Camden');
  assert.equal(camden?.applicants, 4, 'Maria, George, Olivia and Adam answered the Camden advert');
  assert.ok(!data.open_vacancies.some((vacancy) => vacancy.title.startsWith('Bank')), 'a closed vacancy is not open');

  const everyone = (await admin.get('/api/v1/recruitment/dashboard?period=year')).json().data as RecruitmentDashboard;
  // Ben (54 days), Zainab (53) and Daniel (50) were hired this year.
  assert.equal(everyone.hires_counted, 3);
  assert.equal(everyone.average_days_to_hire, 52.3);
  const recent = (await admin.get('/api/v1/recruitment/dashboard?period=90-days')).json().data as RecruitmentDashboard;
  assert.equal(recent.applied, 8, 'the eight applicants applied within 90 days; the hired carers earlier');
});

test('the pipeline lists the user’s branches’ applicants with days in stage, interviews and checks', async () => {
  const answer = await office.get('/api/v1/recruitment/applicants?stage=open');
  assert.equal(answer.statusCode, 200, answer.body);
  const rows = answer.json().data.data as ApplicantRow[];
  assert.deepEqual(rows.map((row) => row.name).sort(), ['George Taylor', 'Maria Santos', 'Olivia Brown']);
  const olivia = rows.find((row) => row.name === 'Olivia Brown')!;
  assert.equal(olivia.stage, 'offer');
  assert.equal(olivia.vacancy, 'Care Worker – Camden');
  assert.equal(olivia.checks.total, 6);
  assert.ok(olivia.days_in_stage >= 18, 'in offer since 6 November');
  const everyone = (await admin.get('/api/v1/recruitment/applicants?search=yasmin')).json().data.data as ApplicantRow[];
  assert.equal(everyone.length, 1);
  assert.equal(everyone[0]!.next_interview, '2026-11-26T10:00:00.000Z');
  const bristol = await office.get(`/api/v1/recruitment/applicants/${await carerId('harry.walsh')}`);
  assert.equal(bristol.statusCode, 404, 'another branch’s applicant is not found');
});

test('interviews: booking one moves an applicant to interview; bad times and no place are refused', async () => {
  const maria = await carerId('maria.santos');
  const path = `/api/v1/recruitment/applicants/${maria}/interviews`;
  const body = { date: '2026-12-02', start_time: '10:00', end_time: '11:00', location: 'Camden office', video_link: '', interviewers: 'Marcus Webb', notes: '' };
  const backwards = await office.post(path, { ...body, end_time: '09:00' });
  assert.equal(backwards.statusCode, 422);
  assert.ok(backwards.json().errors.end_time);
  const nowhere = await office.post(path, { ...body, location: '' });
  assert.equal(nowhere.statusCode, 422);
  assert.ok(nowhere.json().errors.location);
  const booked = await office.post(path, body);
  assert.equal(booked.statusCode, 201, booked.body);
  const interview = booked.json().data as InterviewRow;
  assert.equal(interview.date, '2026-12-02');
  assert.equal(interview.start_time, '10:00');
  const info = (await office.get(`/api/v1/recruitment/applicants/${maria}`)).json().data as RecruitmentInfo;
  assert.equal(info.stage, 'interview');
  assert.deepEqual(info.history.map((move) => move.to_stage), ['applied', 'interview']);
  assert.equal(info.history[1]!.moved_by, 'Oliver Office');

  const moved = await office.put(`/api/v1/recruitment/interviews/${interview.id}`, { ...body, start_time: '14:00', end_time: '15:00', status: 'held', notes: 'Good answers.' });
  assert.equal(moved.statusCode, 200, moved.body);
  assert.equal((moved.json().data as InterviewRow).status, 'held');
  const calendar = (await admin.get('/api/v1/recruitment/interviews?from=2026-11-01&to=2026-12-31')).json().data as InterviewRow[];
  assert.ok(calendar.some((row) => row.carer_name === 'Harry Walsh' && row.date === '2026-11-27' && row.video_link !== ''));
  assert.ok(calendar.some((row) => row.id === interview.id && row.start_time === '14:00'));
  const cancelled = await office.post(`/api/v1/recruitment/interviews/${interview.id}/cancel`, { reason: 'Applicant asked to move it.' });
  assert.equal(cancelled.statusCode, 200, cancelled.body);
  assert.equal((await office.post(`/api/v1/recruitment/interviews/${interview.id}/cancel`, { reason: '' })).statusCode, 409, 'cancelled once');
  const audits = await t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'recruitment-interviews'), eq(auditLog.record_id, interview.id)));
  assert.equal(audits.length, 3, 'booked, moved, cancelled');
});

test('L8: an interview video link is http(s) only: javascript: and data: links are 422 on video_link, booking and moving', async () => {
  const maria = await carerId('maria.santos');
  const body = { date: '2026-12-03', start_time: '10:00', end_time: '11:00', location: '', video_link: '', interviewers: 'Marcus Webb', notes: '' };
  for (const link of ['javascript:alert(document.cookie)', ' JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)']) {
    const refused = await office.post(`/api/v1/recruitment/applicants/${maria}/interviews`, { ...body, video_link: link });
    assert.equal(refused.statusCode, 422, link);
    assert.deepEqual(refused.json().errors.video_link, ['Video link must start with http:// or https://.'], link);
  }
  const booked = await office.post(`/api/v1/recruitment/applicants/${maria}/interviews`, { ...body, video_link: 'https://meet.example.org/abc' });
  assert.equal(booked.statusCode, 201, booked.body);
  const interview = booked.json().data as InterviewRow;
  const moved = await office.put(`/api/v1/recruitment/interviews/${interview.id}`, { ...body, status: 'scheduled', video_link: 'javascript:alert(1)' });
  assert.equal(moved.statusCode, 422);
  assert.deepEqual(moved.json().errors.video_link, ['Video link must start with http:// or https://.']);
  assert.equal((await office.post(`/api/v1/recruitment/interviews/${interview.id}/cancel`, { reason: 'Test over.' })).statusCode, 200);
});

test('stage moves: an ending needs a reason; ready needs the checks clear (409 naming what is missing)', async () => {
  const maria = await carerId('maria.santos');
  const stage = `/api/v1/recruitment/applicants/${maria}/stage`;
  const noReason = await office.put(stage, { stage: 'rejected', reason: '' });
  assert.equal(noReason.statusCode, 422);
  assert.ok(noReason.json().errors.reason);
  const hiredByMove = await office.put(stage, { stage: 'hired', reason: '' });
  assert.equal(hiredByMove.statusCode, 422, 'hiring is its own form');

  const olivia = await carerId('olivia.brown');
  // No compliance row: worked out from her file at once (photo ID seen; no DBS, right to work or references yet,
  // a gap in her work history, no health declaration).
  await t.database.db.delete(carerCompliance).where(eq(carerCompliance.carer_id, olivia));
  const notReady = await office.put(`/api/v1/recruitment/applicants/${olivia}/stage`, { stage: 'ready', reason: '' });
  assert.equal(notReady.statusCode, 409);
  assert.equal(notReady.json().message, 'Not ready to start: DBS check, Right to work, Two references, Full work history, Health declaration not clear yet.');
  await clearChecks(olivia, [], { dbs: 'expired' });
  const stillNot = await office.put(`/api/v1/recruitment/applicants/${olivia}/stage`, { stage: 'ready', reason: '' });
  assert.equal(stillNot.statusCode, 409);
  assert.match(stillNot.json().message, /Not ready to start: DBS check not clear yet/);

  const back = await office.put(stage, { stage: 'screening', reason: 'Interview to be rebooked after a phone screen.' });
  assert.equal(back.statusCode, 200, back.body);
  const rejected = await office.put(stage, { stage: 'rejected', reason: 'No right to work in the UK.' });
  assert.equal(rejected.statusCode, 200, rejected.body);
  const info = rejected.json().data as RecruitmentInfo;
  assert.equal(info.stage, 'rejected');
  assert.equal(info.rejection_reason, 'No right to work in the UK.');
  assert.deepEqual(info.history.slice(-2).map((move) => [move.from_stage, move.to_stage, move.reason]), [
    ['interview', 'screening', 'Interview to be rebooked after a phone screen.'],
    ['screening', 'rejected', 'No right to work in the UK.'],
  ]);
  const report = (await office.get('/api/v1/recruitment/reports?year=2026')).json().data as RecruitmentReport;
  assert.ok(report.rejection_reasons.some((row) => row.reason === 'No right to work in the UK.' && row.count === 1));
  assert.ok(report.rejection_reasons.some((row) => row.reason.startsWith('Could not give two years')));
  const csv = await office.get('/api/v1/recruitment/reports.csv?year=2026');
  assert.equal(csv.statusCode, 200);
  assert.match(String(csv.headers['content-type']), /text\/csv/);
  assert.match(csv.body, /^Month,Source,Applied,Hired,Rejected,Withdrawn,In progress\r\n2026-07,Jobcentre Plus,1,1,0,0,0\r\n/);
});

test('L7: the report CSV goes through the platform writer: a semicolon is quoted, tab and CR cannot start a formula', () => {
  const csv = reportCsv({
    year: 2026,
    months: [{ month: '2026-07', source: 'other', label: 'Fair;=1+1', applied: 2, hired: 1, rejected: 0, withdrawn: 0, in_progress: 1 }],
    rejection_reasons: [
      { stage: 'screening', reason: '\t=HYPERLINK("http://x")', count: 1 },
      { stage: 'screening', reason: '\r=1+1', count: 1 },
    ],
    time_in_stage: [{ stage: 'applied', label: 'Applied', moves: 3, average_days: null }],
  });
  const lines = csv.split('\r\n');
  assert.equal(lines[1], '2026-07,"Fair;=1+1",2,1,0,0,1');
  assert.ok(lines.includes(`Screening,"'\t=HYPERLINK(""http://x"")",1`), csv);
  assert.ok(csv.includes(`Screening,"'\r=1+1",1\r\n`), csv);
  assert.ok(lines.includes('Applied,3,'), csv);
});

test('hiring makes an active carer with a sign-in account of the carer role and keeps every document', async () => {
  const db = t.database.db;
  const george = await carerId('george.taylor');
  const [document] = await db.insert(carerDocuments).values({ owner_id: george, kind: 'application-form', status: 'active', version: 1 }).returning({ id: carerDocuments.id });
  const body = { start_date: '2026-12-07', contract_type: 'part-time', contracted_hours: '20', staffcode_id: '', band_id: '' };

  await db.delete(carerCompliance).where(eq(carerCompliance.carer_id, george));
  const early = await office.post(`/api/v1/recruitment/applicants/${george}/hire`, body);
  assert.equal(early.statusCode, 409, 'not before the checks are clear');
  const bad = await office.post(`/api/v1/recruitment/applicants/${george}/hire`, { ...body, start_date: '2026-02-30', contract_type: 'forever' });
  assert.equal(bad.statusCode, 422);
  assert.deepEqual(Object.keys(bad.json().errors).sort(), ['contract_type', 'start_date']);

  await clearChecks(george);
  const ready = await office.put(`/api/v1/recruitment/applicants/${george}/stage`, { stage: 'ready', reason: '' });
  assert.equal(ready.statusCode, 200, ready.body);

  // Someone who may move applicants but not edit carers' files may not hire.
  const roleId = await createRole(db, 'recruiter', ['recruitment.view', 'recruitment.edit', 'carers.view']);
  const recruiterLogin = await createUser(db, { email: 'recruiter@homecare.test', roleId });
  const [recruiterUser] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'recruiter@homecare.test'));
  await db.insert(userBranches).values({ user_id: recruiterUser!.id, branch_id: 1 });
  const recruiter = await loginAs(t.app, recruiterLogin);
  assert.equal((await recruiter.post(`/api/v1/recruitment/applicants/${george}/hire`, body)).statusCode, 403);

  const hired = await office.post(`/api/v1/recruitment/applicants/${george}/hire`, body);
  assert.equal(hired.statusCode, 200, hired.body);
  const info = hired.json().data as RecruitmentInfo;
  assert.equal(info.status, 'active');
  assert.equal(info.stage, 'hired');
  assert.equal(info.start_date, '2026-12-07');
  assert.equal(info.contracted_hours, 20);
  assert.ok(info.has_account);
  const [account] = await db.select({ user_id: carerAccounts.user_id }).from(carerAccounts).where(eq(carerAccounts.carer_id, george));
  const [user] = await db.select({ email: users.email, role: roles.name }).from(users).innerJoin(roles, eq(roles.id, users.role_id)).where(eq(users.id, account!.user_id));
  assert.deepEqual(user, { email: 'george.taylor@homecare.test', role: 'carer' });
  const branchRows = await db.select().from(userBranches).where(eq(userBranches.user_id, account!.user_id));
  assert.deepEqual(branchRows.map((row) => row.branch_id), [1]);
  const kept = await db.select().from(carerDocuments).where(eq(carerDocuments.owner_id, george));
  assert.ok(kept.some((row) => row.id === document!.id), 'the application form stays on the same file');
  const moves = await db.select().from(recruitmentStageHistory).where(eq(recruitmentStageHistory.carer_id, george));
  assert.equal(moves.at(-1)!.to_stage, 'hired');
  assert.ok((await db.select().from(auditLog).where(and(eq(auditLog.resource, 'users'), eq(auditLog.record_id, account!.user_id)))).length === 1);

  // An applicant added without history gets their start recorded on their first move.
  const [added] = await db.insert(carersTable).values({ first_name: 'Nia', last_name: 'Roberts', date_of_birth: '1990-01-01', status: 'applicant', recruitment_stage: 'applied', applied_on: '2026-11-02', branch_id: 1 } as never).returning({ id: carerColumns.id });
  const nia = Number(added!.id);
  assert.equal((await office.put(`/api/v1/recruitment/applicants/${nia}/stage`, { stage: 'screening', reason: '' })).statusCode, 200);
  const niaInfo = (await office.get(`/api/v1/recruitment/applicants/${nia}`)).json().data as RecruitmentInfo;
  assert.deepEqual(niaInfo.history.map((move) => [move.from_stage, move.to_stage]), [[null, 'applied'], ['applied', 'screening']]);
  assert.equal(niaInfo.history[0]!.moved_at, '2026-11-02T09:00:00.000Z', 'the application day, 9 am UK time');

  const again = await office.post(`/api/v1/recruitment/applicants/${george}/hire`, body);
  assert.equal(again.statusCode, 409, 'hired once');

  // An applicant whose email is already a user's is refused, and nothing is made.
  const olivia = await carerId('olivia.brown');
  await clearChecks(olivia);
  await db.update(carersTable).set({ email: 'office@homecare.test' } as never).where(eq(carerColumns.id, olivia));
  const taken = await office.post(`/api/v1/recruitment/applicants/${olivia}/hire`, body);
  assert.equal(taken.statusCode, 409);
  assert.match(taken.json().message, /already exists/);
  const [still] = await db.select({ status: carerColumns.status }).from(carersTable).where(eq(carerColumns.id, olivia));
  assert.equal(still!.status, 'applicant');
  assert.equal((await db.select().from(carerAccounts).where(eq(carerAccounts.carer_id, olivia))).length, 0);
});

test('the matrix shows each open applicant’s checks in words from the file’s documents and compliance', async () => {
  const db = t.database.db;
  const samuel = await carerId('samuel.osei');
  await db.insert(carerDocuments).values([
    { owner_id: samuel, kind: 'interview', status: 'active', version: 1 },
    { owner_id: samuel, kind: 'reference', status: 'active', version: 1 },
    { owner_id: samuel, kind: 'reference', status: 'draft', version: 1 },
  ]);
  await clearChecks(samuel, ['references'], { dbs: 'missing' });
  const rows = (await admin.get('/api/v1/recruitment/matrix')).json().data as MatrixRow[];
  const row = rows.find((item) => item.id === samuel)!;
  const cell = (key: string) => row.cells.find((item) => item.key === key)!.progress;
  assert.equal(cell('interview'), 'done');
  assert.equal(cell('reference-1'), 'done');
  assert.equal(cell('reference-2'), 'in-progress');
  assert.equal(cell('dbs'), 'missing');
  assert.equal(cell('right-to-work'), 'done');
  assert.equal(cell('management-approval'), 'missing');
  assert.ok(!rows.some((item) => item.name === 'Adam Clarke'), 'a rejected applicant is not in the matrix');
});

test('vacancies list reference data’s careers with applicants by stage', async () => {
  const list = (await admin.get('/api/v1/recruitment/vacancies')).json().data as VacancyRow[];
  assert.equal(list.length, 4);
  assert.equal(list.at(-1)!.status, 'closed', 'open vacancies first');
  const leeds = list.find((row) => row.title === 'Bank Care Worker – Leeds')!;
  assert.deepEqual(leeds.by_stage, [{ stage: 'ready', count: 1 }]);
  const detail = await admin.get(`/api/v1/recruitment/vacancies/${leeds.id}`);
  assert.equal(detail.statusCode, 200);
  assert.deepEqual((detail.json().data as VacancyDetail).people.map((person) => person.name), ['Ella Jones']);
  assert.equal((await admin.get('/api/v1/recruitment/vacancies/999999')).statusCode, 404);
  const maria = await carerId('maria.santos');
  const relinked = await office.put(`/api/v1/recruitment/applicants/${maria}/vacancy`, { career_id: 999999 });
  assert.equal(relinked.statusCode, 422);
});

test('a survey is due for the active carers who have not answered it; an anonymous one cannot say', async () => {
  const db = t.database.db;
  const before = (await office.get('/api/v1/recruitment/surveys/1/due')).json().data as SurveyDue;
  assert.ok(before.carers.some((carer) => carer.name === 'Aisha Bello'));
  assert.ok(!before.carers.some((carer) => carer.name === 'Ruth Mensah'), 'a suspended carer is not asked');
  assert.ok(!before.carers.some((carer) => carer.name === 'Megan Hughes'), 'only the user’s branches');
  await db.insert(carerSurveySubmissions).values({ id: 9001, survey_id: 1, respondent_name: ' aisha  bello ', submitted_on: '2026-11-20' } as never);
  const after = (await office.get('/api/v1/recruitment/surveys/1/due')).json().data as SurveyDue;
  assert.ok(!after.carers.some((carer) => carer.name === 'Aisha Bello'), 'her answer counts');
  assert.equal(after.carers.length, before.carers.length - 1);
  assert.equal(after.answered, before.answered + 1);
  const anonymous = (await office.get('/api/v1/recruitment/surveys/2/due')).json().data as SurveyDue;
  assert.equal(anonymous.survey.anonymous, true);
  assert.deepEqual(anonymous.carers, []);
  assert.equal((await office.get('/api/v1/recruitment/surveys/999/due')).statusCode, 404);
});
