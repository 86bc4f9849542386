import { londonDate } from '@hcm/contract/engine';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  auditActorOf,
  ok,
  outer,
  pageOf,
  pageOffset,
  parseId,
  parsePaging,
  recordAudit,
  recordIdIn,
  sendError,
  sendInvalid,
  usersIn,
  viewerOf,
  type AreaServerContext,
  type Viewer,
} from '@hcm/server/platform';
import {
  ANSWER_CUT_NOTE,
  ASSISTANT_ANSWER_MAX,
  ASSISTANT_MAX_CALLS,
  ASSISTANT_QUESTION_MAX,
  ASSISTANT_TOOLS,
  mayUseTool,
  toolNamed,
  type AssistantCall,
  type AssistantQuestion,
  type AssistantQuestionRow,
  type AssistantStatus,
} from '../../contract/assistant.js';
import { assistantConfig, complete, HOW_TO_CONFIGURE, ModelError, type AssistantConfig, type ChatMessage } from './model.js';
import { assistantCalls, assistantQuestions } from './tables.js';
import { argumentsOf, definitionOf, runTool, type ToolRow } from './tools.js';
import { clock } from '@hcm/contract/time';

/** The audit trail's record type of a question (one `create` entry per question asked). */
const ASSISTANT_AUDIT = 'assistant-questions';
const USE = { config: { permission: 'assistant.use' as const } };

type CallRecord = Omit<AssistantCall, 'id' | 'title'>;

const addDays = (day: string, days: number) => {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};

/** What the model is told before the question: who asks, which branches, what today and this week are. */
function systemPrompt(viewer: Viewer): string {
  const today = londonDate();
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday = 0
  const monday = addDays(today, -weekday);
  const branches = viewer.user.branches.map((branch) => `${branch.name} (branch_id ${branch.id})`).join(', ');
  return [
    "You are the assistant of a UK home-care agency's back office. You answer office staff's questions about the agency's data.",
    'Use only the tools to find facts; never guess or invent names, dates or figures. If the tools cannot answer, say so.',
    `Today is ${today} (Europe/London). This week is Monday ${monday} to Sunday ${addDays(monday, 6)}.`,
    `The user is ${viewer.user.name}. ${viewer.scope === 'all' ? 'They see every branch' : `They see only these branches: ${branches || 'none'}`}.`,
    `Each tool answers at most 50 rows with the total number of rows (with more: true, there are more than that total); say when there are more than you were given. Make at most ${ASSISTANT_MAX_CALLS} tool calls.`,
    'Answer briefly in plain British English: name the clients, carers, dates and counts the rows show.',
  ].join('\n');
}

/** Asks the model, running the tools it calls (at most ASSISTANT_MAX_CALLS); the answer and every call made. */
async function converse(app: FastifyInstance, request: FastifyRequest, viewer: Viewer, config: AssistantConfig, question: string, calls: CallRecord[]): Promise<string> {
  const offered = ASSISTANT_TOOLS.filter((tool) => mayUseTool(tool, viewer.user.userPermissions));
  const definitions = offered.map(definitionOf);
  const messages: ChatMessage[] = [
    { role: 'system', content: systemPrompt(viewer) },
    { role: 'user', content: question },
  ];
  // Every round with tool calls records at least one call, so the limit is reached within ASSISTANT_MAX_CALLS + 1
  // rounds; a call past it is refused and the next round asks for the answer with tool_choice 'none'.
  let limitReached = false;
  const deadline = clock.nowMs() + config.timeoutMs;
  for (let round = 0; round <= ASSISTANT_MAX_CALLS + 2; round++) {
    const finalRound = limitReached || round === ASSISTANT_MAX_CALLS + 2;
    const reply = await complete(config, messages, definitions, { finalRound, deadline });
    if (!reply.tool_calls.length || finalRound) {
      const answer = (reply.content ?? '').trim();
      if (!answer) throw new ModelError(`The language model at ${config.baseUrl} gave no answer.`);
      // Stored, audited and shown: a model that runs on (3 MB was tried) is cut, and the answer says so.
      return answer.length > ASSISTANT_ANSWER_MAX ? `${answer.slice(0, ASSISTANT_ANSWER_MAX).trimEnd()}\n\n${ANSWER_CUT_NOTE}` : answer;
    }
    messages.push({ role: 'assistant', content: reply.content, tool_calls: reply.tool_calls });
    for (const call of reply.tool_calls) {
      const answer = (content: unknown) => messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(content) });
      if (calls.length >= ASSISTANT_MAX_CALLS) {
        limitReached = true;
        answer({ error: `No more calls: the limit is ${ASSISTANT_MAX_CALLS} a question. Answer with what you have.` });
        continue;
      }
      const tool = offered.find((candidate) => candidate.name === call.function.name);
      const base = { tool: call.function.name.slice(0, 100), parameters: {}, url: '', row_count: 0, total: null, duration_ms: 0, rows: [] as ToolRow[] };
      if (!tool) {
        // Not offered (unknown, or the user may not use it): never run.
        const error = toolNamed(call.function.name) ? 'You may not use this tool.' : 'There is no such tool.';
        calls.push({ ...base, status_code: 403, error });
        answer({ error });
        continue;
      }
      const parsed = argumentsOf(tool, call.function.arguments);
      if ('errors' in parsed) {
        calls.push({ ...base, status_code: 422, error: `Invalid parameters: ${JSON.stringify(parsed.errors)}` });
        answer({ error: 'Invalid parameters.', errors: parsed.errors });
        continue;
      }
      const run = await runTool(app, request, tool, parsed.values);
      calls.push({ ...base, parameters: parsed.values, url: run.url, status_code: run.statusCode, row_count: run.rows.length, total: run.total, duration_ms: run.durationMs, error: run.error, rows: run.rows });
      answer(run.statusCode === 200 ? { total: run.total, ...(run.more ? { more: true } : {}), rows: run.rows } : { error: run.error, status: run.statusCode });
    }
  }
  throw new ModelError('The assistant did not finish.');
}

const questionColumns = {
  id: assistantQuestions.id,
  question: assistantQuestions.question,
  answer: assistantQuestions.answer,
  status: assistantQuestions.status,
  error: assistantQuestions.error,
  model: assistantQuestions.model,
  asked_at: assistantQuestions.asked_at,
  duration_ms: assistantQuestions.duration_ms,
  call_count: sql<number>`(select count(*)::int from ${assistantCalls} where ${assistantCalls.question_id} = ${outer(assistantQuestions, assistantQuestions.id)})`,
};

const rowOf = (row: Omit<AssistantQuestionRow, 'asked_at'> & { asked_at: Date }): AssistantQuestionRow => ({ ...row, asked_at: row.asked_at.toISOString() });

/**
 * The assistant at /app/ai (permission assistant.use):
 *   GET  /assistant/status           whether a model is configured, and how to configure one
 *   POST /assistant/questions        { question } → the answer with each call and the rows it used (201); 503 when
 *                                    not configured, 422 on a bad question, 502 when the model fails
 *   GET  /assistant/questions        the user's own questions, newest first (a page)
 *   GET  /assistant/questions/:id    one of them with its calls and rows (404 for another user's)
 */
export async function assistantRoutes(app: FastifyInstance, { auth }: AreaServerContext): Promise<void> {
  const { db } = auth;

  // A question's entry is read by those who read its asker's entries: users of the reader's branches.
  app.auditScopes.declare({
    resource: ASSISTANT_AUDIT,
    label: 'Assistant questions',
    scope: recordIdIn((branchIds) => sql`select ${assistantQuestions.id} from ${assistantQuestions} where ${assistantQuestions.user_id} in (${usersIn(branchIds)})`),
  });

  app.get('/assistant/status', USE, async () => {
    const config = assistantConfig();
    const status: AssistantStatus = { configured: !!config, model: config?.model ?? null, how: HOW_TO_CONFIGURE };
    return ok(status);
  });

  async function detailOf(userId: number, id: number): Promise<AssistantQuestion | null> {
    const [row] = await db
      .select(questionColumns)
      .from(assistantQuestions)
      .where(and(eq(assistantQuestions.id, id), eq(assistantQuestions.user_id, userId)));
    if (!row) return null;
    const stored = await db.select().from(assistantCalls).where(eq(assistantCalls.question_id, id)).orderBy(asc(assistantCalls.position));
    return {
      ...rowOf(row),
      calls: stored.map((call) => ({
        id: call.id,
        tool: call.tool,
        title: toolNamed(call.tool)?.title ?? call.tool,
        parameters: call.parameters,
        url: call.url,
        status_code: call.status_code,
        row_count: call.row_count,
        total: call.total,
        duration_ms: call.duration_ms,
        error: call.error,
        rows: call.rows,
      })),
    };
  }

  app.post('/assistant/questions', USE, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const body = request.body;
    const raw = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>).question : undefined;
    const question = typeof raw === 'string' ? raw.trim() : '';
    if (!question) return sendInvalid(reply, { question: ['Type a question.'] });
    if (question.length > ASSISTANT_QUESTION_MAX) return sendInvalid(reply, { question: [`A question has at most ${ASSISTANT_QUESTION_MAX} characters.`] });
    const config = assistantConfig();
    if (!config) return sendError(reply, 503, `The assistant is not configured. ${HOW_TO_CONFIGURE}`);

    const started = performance.now();
    const calls: CallRecord[] = [];
    let answer = '';
    let error = '';
    try {
      answer = await converse(app, request, viewer, config, question, calls);
    } catch (thrown) {
      if (!(thrown instanceof ModelError)) throw thrown;
      error = thrown.message;
    }
    const actor = auditActorOf(request);
    const id = await db.transaction(async (tx) => {
      const [stored] = await tx
        .insert(assistantQuestions)
        .values({
          user_id: viewer.user.userID,
          acting_user_id: actor.actingUserId,
          question,
          answer,
          model: config.model,
          status: error ? 'failed' : 'answered',
          error,
          duration_ms: Math.round(performance.now() - started),
        })
        .returning({ id: assistantQuestions.id });
      if (calls.length) await tx.insert(assistantCalls).values(calls.map((call, index) => ({ ...call, question_id: stored!.id, position: index + 1 })));
      await recordAudit(tx, {
        actor,
        resource: ASSISTANT_AUDIT,
        recordId: stored!.id,
        action: 'create',
        after: { question, answer, error, model: config.model, calls: calls.map(({ tool, parameters, url, status_code, row_count }) => ({ tool, parameters, url, status_code, row_count })) },
      });
      return stored!.id;
    });
    if (error) return sendError(reply, 502, `The assistant could not answer: ${error}`);
    return reply.code(201).send(ok(await detailOf(viewer.user.userID, id), 'Answered.'));
  });

  app.get('/assistant/questions', USE, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const paging = parsePaging(request.query);
    const mine = eq(assistantQuestions.user_id, viewer.user.userID);
    const [rows, [{ total } = { total: 0 }]] = await Promise.all([
      db.select(questionColumns).from(assistantQuestions).where(mine).orderBy(desc(assistantQuestions.asked_at), desc(assistantQuestions.id)).limit(paging.pageSize).offset(pageOffset(paging)),
      db.select({ total: count() }).from(assistantQuestions).where(mine),
    ]);
    return ok(pageOf(rows.map(rowOf), total, paging));
  });

  app.get('/assistant/questions/:id', USE, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const id = parseId(String((request.params as { id?: string }).id ?? ''));
    const found = id === null ? null : await detailOf(viewer.user.userID, id);
    if (!found) return sendError(reply, 404, 'No such question.');
    return ok(found);
  });
}
