import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { api, Button, Card, EmptyState, ErrorPanel, Loading, PageHeader, useCan, useRouteName } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import { ListTable, type Column } from '@hcm/kit/table';
import {
  ASSISTANT_QUESTION_MAX,
  linkOf,
  toolNamed,
  type AskBody,
  type AssistantCall,
  type AssistantQuestion,
  type AssistantQuestionRow,
  type AssistantStatus,
  type ToolColumn,
} from '../../contract/assistant';
import styles from './assistant.module.css';
import { formatDate, formatDateTime, formatMoney } from '@hcm/contract/format';

// The assistant at /app/ai: a question box, the answer with the rows each call used, and the user's history.
// The selected question is in the address (?question=12), so a history entry can be opened, linked and reloaded.

const STATUS_PATH = 'api/v1/assistant/status';
const QUESTIONS_PATH = 'api/v1/assistant/questions';
/** Who may set the assistant up: the people who change the product's settings. Everyone else is sent to them. */
export const SET_UP_PERMISSION = 'settings.edit';
const EXAMPLES = ['Which visits were late this week in Camden?', 'Who has a supervision overdue?', 'How many complaints are open?'];

/** A cell as people read it. */
export function cellText(value: string | number | boolean | null | undefined, column: Pick<ToolColumn, 'format'>): string {
  if (value === null || value === undefined || value === '') return '—';
  if (column.format === 'yes-no' || typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (column.format === 'pence' && typeof value === 'number') return formatMoney(value);
  if (column.format === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  if (column.format === 'datetime' && typeof value === 'string' && !Number.isNaN(Date.parse(value))) return formatDateTime(value);
  return String(value);
}

const paramsInWords = (call: AssistantCall) => {
  const entries = Object.entries(call.parameters);
  return entries.length ? entries.map(([key, value]) => `${key.replace(/_/g, ' ')}: ${value}`).join('; ') : 'no filters';
};

function CallTable({ call, index }: { call: AssistantCall; index: number }) {
  const tool = toolNamed(call.tool);
  const columns: ToolColumn[] = tool ? [...tool.columns] : Object.keys(call.rows[0] ?? {}).map((key) => ({ key, label: key }));
  const withLinks = !!tool?.link;
  const heading = `${index + 1}. ${call.title}`;
  return (
    <section className={styles.call} aria-label={heading}>
      <h3>{heading}</h3>
      <p className={styles.muted}>
        Filters: {paramsInWords(call)}.{' '}
        {call.status_code === 200
          ? call.total !== null && call.total > call.row_count
            ? `${call.row_count} of ${call.total} rows used.`
            : `${call.row_count} ${call.row_count === 1 ? 'row' : 'rows'} used.`
          : `Not run: ${call.error || `answered ${call.status_code}`}`}
      </p>
      {call.status_code === 200 && call.rows.length ? (
        <div className={styles.scroll}>
          <table className={styles.rows}>
            <caption>
              {call.title} ({paramsInWords(call)})
            </caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.key} scope="col">
                    {column.label}
                  </th>
                ))}
                {withLinks ? <th scope="col">Screen</th> : null}
              </tr>
            </thead>
            <tbody>
              {call.rows.map((row, rowIndex) => {
                const link = linkOf(tool, row);
                return (
                  <tr key={rowIndex}>
                    {columns.map((column) => (
                      <td key={column.key}>{cellText(row[column.key], column)}</td>
                    ))}
                    {withLinks ? <td>{link ? <Link to={link}>Open</Link> : '—'}</td> : null}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

function Answer({ id }: { id: number }) {
  const mayManage = useCan()(SET_UP_PERMISSION);
  const query = useApiQuery<AssistantQuestion>(`${QUESTIONS_PATH}/${id}`, undefined, { failure: 'This question could not be loaded.' });
  if (query.isPending) return <Loading label="Loading the answer…" />;
  if (query.isError) return <ErrorPanel title="The answer could not be loaded" onRetry={() => void query.refetch()}>{query.error.message}</ErrorPanel>;
  const question = query.data;
  return (
    <>
      <Card title="Answer">
        <p className={styles.question}>
          <span className={styles.muted}>You asked ({formatDateTime(question.asked_at)}):</span> {question.question}
        </p>
        {question.status === 'answered' ? <p className={styles.answer}>{question.answer}</p> : <p role="alert">No answer: {mayManage ? question.error : 'the assistant could not answer this question. Try asking it another way; if it keeps failing, tell your administrator.'}</p>}
      </Card>
      <Card title="Rows used">
        {question.calls.length ? question.calls.map((call, index) => <CallTable key={call.id} call={call} index={index} />) : <EmptyState>The assistant answered without reading any rows.</EmptyState>}
      </Card>
    </>
  );
}

function History({ selected, onOpen }: { selected: number | null; onOpen: (id: number) => void }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const query = useApiQuery<{ data: AssistantQuestionRow[]; total: number; page: number; page_size: number; last_page: number }>(QUESTIONS_PATH, { page, page_size: pageSize }, { keepPrevious: true, failure: 'Your questions could not be loaded.' });
  const columns: Column<AssistantQuestionRow>[] = [
    { key: 'asked_at', label: 'Asked', render: (row) => formatDateTime(row.asked_at) },
    {
      key: 'question',
      label: 'Question',
      render: (row) => (
        <button type="button" className={styles.linkButton} aria-current={row.id === selected ? 'true' : undefined} onClick={() => onOpen(row.id)}>
          {row.question}
        </button>
      ),
    },
    { key: 'status', label: 'Outcome', render: (row) => (row.status === 'answered' ? 'Answered' : 'No answer') },
    { key: 'call_count', label: 'Calls' },
  ];
  return (
    <Card title="Your questions">
      <ListTable
        caption="Your questions, newest first"
        columns={columns}
        page={query.data ?? null}
        loading={query.isPending}
        error={query.isError ? query.error.message : null}
        onSort={() => undefined}
        onPage={setPage}
        onPageSize={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        onRetry={() => void query.refetch()}
        rowKey={(row) => row.id}
        empty="You have not asked anything yet."
      />
    </Card>
  );
}

/**
 * The assistant without a language model. Office staff are told who can switch it on; only those who change the
 * product's settings see how (the server's set-up words and an example), which is also in the README.
 */
function NotConfigured({ how }: { how: string }) {
  const can = useCan();
  if (!can(SET_UP_PERMISSION)) {
    return (
      <Card title="The assistant is not switched on">
        <p>The assistant has not been set up for your agency yet, so it cannot answer questions.</p>
        <p>Ask your administrator to switch it on. Until then, the lists and reports in the menu hold the same information.</p>
      </Card>
    );
  }
  return (
    <Card title="The assistant is not switched on">
      <p>The assistant has not been set up yet: office staff are told to ask an administrator. As someone who changes the settings, here is how.</p>
      <p>{how}</p>
      <p>For example, with a local Ollama server on this machine:</p>
      <pre className={styles.example}>
        {`ollama pull qwen2.5:7b-instruct
ASSISTANT_API_URL=http://127.0.0.1:11434/v1 \\
ASSISTANT_MODEL=qwen2.5:7b-instruct \\
npm start`}
      </pre>
    </Card>
  );
}

/**
 * A refusal in words for office staff: the server's own message names the model's address or the set-up variables,
 * which only an administrator can act on.
 */
function endUserWords(httpStatus: number): string {
  if (httpStatus === 503) return 'The assistant is not switched on. Ask your administrator to switch it on.';
  if (httpStatus >= 500) return 'The assistant could not answer just now. Try again in a moment; if it keeps happening, tell your administrator.';
  return 'The assistant could not answer.';
}

function Ask({ onAnswered }: { onAnswered: (id: number) => void }) {
  const mayManage = useCan()(SET_UP_PERMISSION);
  const [question, setQuestion] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const ask = useApiMutation<AssistantQuestion, AskBody>({
    request: (body) => api.post<AssistantQuestion>(QUESTIONS_PATH, body),
    invalidates: [apiKey(QUESTIONS_PATH)],
    failure: 'The assistant could not answer.',
  });

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (ask.isPending) return;
    const text = question.trim();
    if (!text) {
      setProblem('Type a question.');
      return;
    }
    setProblem(null);
    const answer = await ask.submit({ question: text });
    if (answer.error || !answer.data) {
      setProblem(answer.errors?.question?.[0] ?? (mayManage ? answer.message : endUserWords(answer.httpStatus)) ?? 'The assistant could not answer.');
      return;
    }
    setQuestion('');
    onAnswered(answer.data.id);
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter asks; Shift+Enter starts a new line.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <Card title="Ask">
      <form className={styles.ask} onSubmit={(event) => void submit(event)} aria-busy={ask.isPending}>
        <label htmlFor="assistant-question">Your question</label>
        <p id="assistant-question-hint" className={styles.muted}>
          About visits, clients, carers, supervisions, incidents and feedback in your branches. Enter asks; Shift+Enter starts a new line. For example: {EXAMPLES.join(' · ')}
        </p>
        <textarea
          id="assistant-question"
          rows={3}
          maxLength={ASSISTANT_QUESTION_MAX}
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          onKeyDown={onKeyDown}
          aria-describedby={`assistant-question-hint${problem ? ' assistant-question-problem' : ''}`}
          aria-invalid={problem ? true : undefined}
        />
        {problem ? (
          <p id="assistant-question-problem" role="alert" className={styles.problem}>
            {problem}
          </p>
        ) : null}
        <div>
          <Button type="submit" disabled={ask.isPending}>
            {ask.isPending ? 'Asking…' : 'Ask'}
          </Button>
        </div>
        <p role="status" className={styles.muted}>
          {ask.isPending ? 'Asking the assistant: it reads the data it needs, this can take a little while.' : ''}
        </p>
      </form>
    </Card>
  );
}

/** /app/ai */
export default function Screens() {
  useRouteName('Assistant');
  const [search, setSearch] = useSearchParams();
  const status = useApiQuery<AssistantStatus>(STATUS_PATH, undefined, { failure: 'The assistant could not be reached.' });
  const selectedRaw = Number(search.get('question'));
  const selected = Number.isSafeInteger(selectedRaw) && selectedRaw > 0 ? selectedRaw : null;
  const open = (id: number) => setSearch({ question: String(id) });

  return (
    <>
      <PageHeader title="Assistant" />
      <p className={styles.muted}>
        Ask about the agency’s data in your own words. The assistant reads the same lists you can open, with your permissions and branches, and shows the rows it used. Every question is recorded in the audit trail.
      </p>
      {status.isPending ? (
        <Loading label="Checking the assistant…" />
      ) : status.isError ? (
        <ErrorPanel title="The assistant could not be reached" onRetry={() => void status.refetch()}>
          {status.error.message}
        </ErrorPanel>
      ) : !status.data.configured ? (
        <NotConfigured how={status.data.how} />
      ) : (
        <>
          <Ask onAnswered={open} />
          {selected ? <Answer id={selected} /> : null}
        </>
      )}
      {status.data ? <History selected={selected} onOpen={open} /> : null}
    </>
  );
}
