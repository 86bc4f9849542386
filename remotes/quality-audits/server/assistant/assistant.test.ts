import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '@hcm/server/schema';
import { createTestApp, loginAs, type TestApp, type TestClient } from '@hcm/server/testing';
import { ANSWER_CUT_NOTE, ASSISTANT_ANSWER_MAX, ASSISTANT_TOOLS, type AssistantQuestion, type AssistantQuestionRow } from '../../contract/assistant.js';
import { assistantCalls, assistantQuestions } from './tables.js';

// The assistant against a SCRIPTED MODEL: a tiny OpenAI-compatible server on 127.0.0.1 that answers each
// /chat/completions with the next scripted reply and keeps what it received, so the test can check the tools
// offered and what the tools answered. The tools themselves are the product's real routes, run as the user.

type Received = { model: string; messages: { role: string; content: string | null; tool_call_id?: string; tool_calls?: unknown[] }[]; tools?: { function: { name: string } }[]; tool_choice?: string };
type Scripted = { status?: number; body: unknown };

let t: TestApp;
let office: TestClient;
let admin: TestClient;
let model: Server;
let modelUrl: string;
const received: Received[] = [];
let script: Scripted[] = [];

const toolCall = (name: string, args: unknown, id = `call_${name}`) => ({ body: { choices: [{ message: { role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }] } }] } });
const final = (content: string) => ({ body: { choices: [{ message: { role: 'assistant', content } }] } });

const bodyOf = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => resolve(text));
  });

before(async () => {
  model = createServer(async (request, response) => {
    const text = await bodyOf(request);
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
      response.writeHead(404).end('not found');
      return;
    }
    received.push(JSON.parse(text) as Received);
    const next = script.shift() ?? { status: 500, body: { error: 'nothing scripted' } };
    response.writeHead(next.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(next.body));
  });
  await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
  modelUrl = `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`;
  t = await createTestApp();
  office = await loginAs(t.app, 'office');
  admin = await loginAs(t.app, 'admin');
});

after(async () => {
  delete process.env.ASSISTANT_API_URL;
  delete process.env.ASSISTANT_MODEL;
  await t.close();
  await new Promise((resolve) => model.close(resolve));
});

const configure = () => {
  process.env.ASSISTANT_API_URL = modelUrl;
  process.env.ASSISTANT_MODEL = 'scripted-model';
};
const ask = (client: TestClient, question: unknown) => client.post('/api/v1/assistant/questions', { question });
const startScript = (...steps: Scripted[]) => {
  received.length = 0;
  script = steps;
};

test('not configured: the status says how, a question answers 503 with that; without assistant.use 403', async () => {
  delete process.env.ASSISTANT_API_URL;
  delete process.env.ASSISTANT_MODEL;
  const status = await office.get('/api/v1/assistant/status');
  assert.equal(status.statusCode, 200);
  assert.equal(status.json().data.configured, false);
  assert.match(status.json().data.how, /ASSISTANT_API_URL/);
  assert.match(status.json().data.how, /ASSISTANT_MODEL/);
  const refused = await ask(office, 'How many complaints are open?');
  assert.equal(refused.statusCode, 503);
  assert.match(refused.json().message, /not configured.*ASSISTANT_API_URL/s);
  assert.equal((await t.database.db.select().from(assistantQuestions)).length, 0);

  const finance = await loginAs(t.app, 'finance');
  assert.equal((await finance.get('/api/v1/assistant/status')).statusCode, 403);
  assert.equal((await finance.post('/api/v1/assistant/questions', { question: 'Hello?' })).statusCode, 403);
  assert.equal((await finance.get('/api/v1/assistant/questions')).statusCode, 403);

  configure();
  const configured = (await office.get('/api/v1/assistant/status')).json().data;
  assert.deepEqual({ configured: configured.configured, model: configured.model }, { configured: true, model: 'scripted-model' });
});

test('bad input is 422 per field, and the model is never asked', async () => {
  configure();
  startScript();
  for (const body of [{}, { question: '   ' }, { question: 42 }, { question: 'x'.repeat(1001) }]) {
    const response = await office.post('/api/v1/assistant/questions', body);
    assert.equal(response.statusCode, 422, JSON.stringify(body));
    assert.ok(response.json().errors.question, JSON.stringify(body));
  }
  assert.equal(received.length, 0);
});

test("a question answered with a real call into the visits list as the office user: Camden's rows only, shown and stored", async () => {
  configure();
  startScript(toolCall('search_visits', { from: '2020-01-01', to: '2040-12-31', sort: 'date' }), final('Three visits were late in Camden this week.'));
  const response = await ask(office, 'Which visits were late this week in Camden?');
  assert.equal(response.statusCode, 201, response.body);
  const answer = response.json().data as AssistantQuestion;
  assert.equal(answer.answer, 'Three visits were late in Camden this week.');
  assert.equal(answer.status, 'answered');
  assert.equal(answer.model, 'scripted-model');

  // What the model was offered: exactly the tools the office user's permissions allow (no invoices: no finance.view).
  const [first, second] = received;
  const offered = first!.tools!.map((tool) => tool.function.name).sort();
  assert.deepEqual(offered, [
    'carers_due',
    'family_feedback',
    'incidents',
    'list_branches',
    'list_carers',
    'live_visits_of_a_day',
    'quality_complaints',
    'quality_compliments',
    'quality_cqc_notifications',
    'quality_incident_and_accidents',
    'quality_medication_errors',
    'quality_safeguardings',
    'search_clients',
    'search_visits',
    'visit_alerts',
  ]);
  assert.equal(first!.model, 'scripted-model');
  assert.match(first!.messages[0]!.content!, /Camden Domiciliary \(branch_id 1\)/);
  assert.equal(first!.messages[1]!.content, 'Which visits were late this week in Camden?');

  // The call: the real route, as the user, so only Camden's visits come back; what the model got is the rows.
  assert.equal(answer.calls.length, 1);
  const [call] = answer.calls;
  assert.equal(call!.tool, 'search_visits');
  assert.equal(call!.title, 'Visits');
  assert.equal(call!.status_code, 200);
  assert.match(call!.url, /^\/api\/v1\/visits\?from=2020-01-01&to=2040-12-31&sort=date&page=1&page_size=50$/);
  assert.ok(call!.rows.length > 0 && call!.rows.length <= 50);
  assert.equal(call!.row_count, call!.rows.length);
  assert.ok(call!.total! > 50, 'the demo has more visits than a page');
  assert.deepEqual([...new Set(call!.rows.map((row) => row.branch))], ['Camden Domiciliary']);
  assert.deepEqual(Object.keys(call!.rows[0]!).sort(), ['actual_end', 'actual_start', 'branch', 'carers', 'client_name', 'date', 'end_time', 'id', 'start_time', 'status']);
  const toolMessage = second!.messages.find((message) => message.role === 'tool')!;
  assert.equal(toolMessage.tool_call_id, 'call_search_visits');
  assert.deepEqual(JSON.parse(toolMessage.content!), { total: call!.total, rows: call!.rows });
  const direct = (await office.get('/api/v1/visits?from=2020-01-01&to=2040-12-31&sort=date&page_size=50')).json().data;
  assert.deepEqual(
    call!.rows.map((row) => row.id),
    direct.data.map((row: { id: number }) => row.id),
  );
  assert.equal(call!.total, direct.total);

  // The same call by the super admin reaches other branches: the scope was the asker's.
  startScript(toolCall('search_visits', { from: '2020-01-01', to: '2040-12-31', sort: 'branch', mode: 'desc' }), final('Here they are.'));
  const all = (await ask(admin, 'Every visit, please')).json().data as AssistantQuestion;
  assert.ok(all.calls[0]!.total! > call!.total!);
  assert.notEqual(all.calls[0]!.rows[0]!.branch, 'Camden Domiciliary');

  // Audited: the question, its call, and one entry in the audit trail.
  const [stored] = await t.database.db.select().from(assistantQuestions).where(eq(assistantQuestions.id, answer.id));
  assert.equal(stored!.question, 'Which visits were late this week in Camden?');
  assert.equal(stored!.status, 'answered');
  assert.ok(stored!.duration_ms >= 0);
  const storedCalls = await t.database.db.select().from(assistantCalls).where(eq(assistantCalls.question_id, answer.id));
  assert.equal(storedCalls.length, 1);
  assert.equal(storedCalls[0]!.tool, 'search_visits');
  assert.equal(storedCalls[0]!.rows.length, call!.rows.length);
  const entries = await t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'assistant-questions'), eq(auditLog.record_id, answer.id)));
  assert.equal(entries.length, 1);
  assert.equal(entries[0]!.action, 'create');
  assert.equal((entries[0]!.after as { calls: { url: string }[] }).calls[0]!.url, call!.url);
  // The manager reads it in the trail (same branch), under its label.
  const manager = await loginAs(t.app, 'manager');
  const trail = (await manager.get('/api/v1/audit?resource=assistant-questions')).json().data.data as { record_id: number }[];
  assert.ok(trail.some((entry) => entry.record_id === answer.id));
});

test('a tool the user lacks permission for is neither offered nor run; bad arguments are refused, not sent', async () => {
  configure();
  startScript(
    toolCall('invoices', { status: 'sent' }),
    toolCall('search_visits', { status: 'late', branch_id: '1; drop table visits' }),
    toolCall('carers_due', { kind: 'supervisions', state: 'overdue' }),
    final('Two carers have a supervision overdue.'),
  );
  const response = await ask(office, 'Who has a supervision overdue, and which invoices are unpaid?');
  assert.equal(response.statusCode, 201, response.body);
  const { calls } = response.json().data as AssistantQuestion;
  assert.ok(!received[0]!.tools!.some((tool) => tool.function.name === 'invoices'));
  assert.deepEqual(
    calls.map((call) => [call.tool, call.status_code, call.url]),
    [
      ['invoices', 403, ''],
      ['search_visits', 422, ''],
      ['carers_due', 200, '/api/v1/carers/due?kind=supervisions&state=overdue&page=1&page_size=50'],
    ],
  );
  assert.equal(calls[0]!.rows.length, 0);
  assert.match(calls[1]!.error, /status/);
  assert.match(calls[1]!.error, /branch_id/);
  // The model was told why, in the tool's answer.
  const toolAnswers = received.slice(1).map((body) => JSON.parse(body.messages.at(-1)!.content!));
  assert.deepEqual(toolAnswers[0], { error: 'You may not use this tool.' });
  assert.deepEqual(Object.keys(toolAnswers[1].errors).sort(), ['branch_id', 'status']);
  // Overdue supervisions of Camden's carers only.
  const due = calls[2]!;
  assert.ok(due.rows.length > 0);
  assert.ok(due.rows.every((row) => row.state === 'overdue' && row.branch === 'Camden Domiciliary'));

  // Every tool's declaration names a permission (deny by default) and a fixed path.
  for (const tool of ASSISTANT_TOOLS) {
    assert.ok(tool.permission || tool.anyPermission?.length, tool.name);
    assert.ok(!tool.path.includes(':') && !tool.path.includes('{'), tool.name);
  }
});

test('at most six calls a question: the seventh is refused and the model is asked to answer', async () => {
  configure();
  startScript(...Array.from({ length: 7 }, (_, index) => toolCall('list_branches', {}, `call_${index}`)), final('Camden.'));
  const response = await ask(office, 'Which branches?');
  assert.equal(response.statusCode, 201, response.body);
  assert.equal((response.json().data as AssistantQuestion).calls.length, 6);
  assert.equal(received.at(-1)!.tool_choice, 'none');
});

test('a model error answers 502 with a clear message, and the failed question is kept and audited', async () => {
  configure();
  startScript({ status: 500, body: { error: { message: 'model "scripted-model" not found, try pulling it first' } } });
  const response = await ask(office, 'How many complaints are open?');
  assert.equal(response.statusCode, 502);
  assert.match(response.json().message, /^The assistant could not answer: The language model at http:\/\/127\.0\.0\.1:\d+\/v1 answered 500: .*not found/);
  const [failed] = await t.database.db.select().from(assistantQuestions).where(eq(assistantQuestions.question, 'How many complaints are open?'));
  assert.equal(failed!.status, 'failed');
  assert.match(failed!.error, /answered 500/);
  assert.equal((await t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'assistant-questions'), eq(auditLog.record_id, failed!.id)))).length, 1);

  // A model server that is not there at all.
  process.env.ASSISTANT_API_URL = 'http://127.0.0.1:9/v1';
  const unreachable = await ask(office, 'Anyone there?');
  assert.equal(unreachable.statusCode, 502);
  assert.match(unreachable.json().message, /could not be reached/);
});

test("history: the user's own questions, newest first and paged; another user's question is 404", async () => {
  const page = (await office.get('/api/v1/assistant/questions?page_size=2')).json().data as { data: AssistantQuestionRow[]; total: number; last_page: number };
  assert.equal(page.total, 5);
  assert.equal(page.last_page, 3);
  assert.deepEqual(
    page.data.map((row) => [row.question, row.status]),
    [
      ['Anyone there?', 'failed'],
      ['How many complaints are open?', 'failed'],
    ],
  );
  const all = (await office.get('/api/v1/assistant/questions?page_size=10')).json().data.data as AssistantQuestionRow[];
  const late = all.find((row) => row.question.startsWith('Which visits'))!;
  assert.equal(late.call_count, 1);
  const detail = (await office.get(`/api/v1/assistant/questions/${late.id}`)).json().data as AssistantQuestion;
  assert.equal(detail.calls[0]!.rows.length, detail.calls[0]!.row_count);

  const adminsOwn = (await admin.get('/api/v1/assistant/questions')).json().data;
  assert.equal(adminsOwn.total, 1);
  assert.equal((await admin.get(`/api/v1/assistant/questions/${late.id}`)).statusCode, 404);
  assert.equal((await office.get('/api/v1/assistant/questions/abc')).statusCode, 404);
});

test('L9: an answer of any length is cut at ASSISTANT_ANSWER_MAX characters when kept, and says it was cut', async () => {
  configure();
  startScript(final(`Camden. ${'x'.repeat(3_000_000)}`));
  const response = await ask(office, 'Tell me everything.');
  assert.equal(response.statusCode, 201, response.body.slice(0, 300));
  const answer = (response.json().data as AssistantQuestion).answer;
  assert.ok(answer.length <= ASSISTANT_ANSWER_MAX + ANSWER_CUT_NOTE.length + 2, `${answer.length} characters`);
  assert.ok(answer.startsWith('Camden. xxx'));
  assert.ok(answer.endsWith(ANSWER_CUT_NOTE));
  assert.match(ANSWER_CUT_NOTE, /cut.*20,000 characters/);
  const [stored] = await t.database.db.select().from(assistantQuestions).where(eq(assistantQuestions.question, 'Tell me everything.'));
  assert.equal(stored!.answer, answer);
  const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.resource, 'assistant-questions'), eq(auditLog.record_id, stored!.id)));
  assert.equal((entry!.after as { answer: string }).answer, answer);

  // An answer at the limit is kept whole.
  startScript(final('y'.repeat(ASSISTANT_ANSWER_MAX)));
  const whole = (await ask(office, 'Exactly the limit?')).json().data as AssistantQuestion;
  assert.equal(whole.answer, 'y'.repeat(ASSISTANT_ANSWER_MAX));
});

test('L9: inherited member names (constructor, toString, __proto__, hasOwnProperty) are unknown parameters, never sent', async () => {
  configure();
  const raw = '{"constructor":"x","toString":"y","__proto__":"z","hasOwnProperty":"w"}';
  startScript(
    { body: { choices: [{ message: { role: 'assistant', content: null, tool_calls: [{ id: 'call_inherited', type: 'function', function: { name: 'list_branches', arguments: raw } }] } }] } },
    final('Done.'),
  );
  const response = await ask(office, 'Branches, oddly asked?');
  assert.equal(response.statusCode, 201, response.body);
  const { calls } = response.json().data as AssistantQuestion;
  assert.deepEqual(
    calls.map((call) => [call.tool, call.status_code, call.url]),
    [['list_branches', 422, '']],
  );
  const toolAnswer = JSON.parse(received[1]!.messages.at(-1)!.content!) as { error: string; errors: Record<string, string[]> };
  assert.equal(toolAnswer.error, 'Invalid parameters.');
  assert.deepEqual(Object.keys(toolAnswer.errors).sort(), ['__proto__', 'constructor', 'hasOwnProperty', 'toString']);
  for (const [key, messages] of Object.entries(toolAnswer.errors)) assert.match(messages[0]!, /^Unknown parameter/, key);
});
