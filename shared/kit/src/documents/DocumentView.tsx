import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import {
  displayValue,
  isShown,
  sensitivityOf,
  type BodyMapPoint,
  type DocumentField,
  type DocumentSpec,
  type DocumentValues,
} from '@hcm/contract/documents';
import { api, Button, ErrorPanel, Loading, notify, useRuntime, type ApiResult } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery, useQueryClient } from '@hcm/kit/data';
import { Modal } from '@hcm/kit/elements';
import { BodyMapFigures, pointText } from './BodyMap';
import {
  documentPaths,
  documentWriteKeys,
  reviewLabel,
  SENSITIVITY_LABELS,
  STATUS_LABELS,
  type DocumentView as DocumentViewData,
} from './model';
import { ResultsPanel } from './ResultsPanel';
import styles from './documents.module.css';
import { formatDate, formatDateTime } from '@hcm/contract/format';

// pdf.js is heavy: the viewer is loaded when the user asks to print, not with the document.
const PdfViewer = lazy(() => import('@hcm/kit/pdf').then((module) => ({ default: module.PdfViewer })));

export type DocumentViewProps = {
  spec: DocumentSpec;
  /** The owner's documents under the API, e.g. `clients/12/documents`. */
  basePath: string;
  id: number;
  /** An earlier version to read (read-only); the current one when absent. */
  version?: number;
  /** Whose document it is, e.g. the client's name (in the printed file's title). */
  ownerLabel?: string;
  /** Opens the form on this document: the Edit button shows when given (and the user may edit). */
  onEdit?: () => void;
  /** Opens the versions list: the Versions button shows when given. */
  onVersions?: () => void;
  /** Back to the current version, from an earlier one. */
  onCurrent?: () => void;
  /** After archiving. */
  onArchived?: (view: DocumentViewData) => void;
};

const NOT_ANSWERED = '—';

function Answer({ field, value }: { field: DocumentField; value: unknown }) {
  if (field.kind === 'rows') {
    const rows = Array.isArray(value) ? (value as DocumentValues[]) : [];
    const columns = field.columns ?? [];
    if (!rows.length) return <span className={styles.notAnswered}>Not answered</span>;
    return (
      <div className={styles.tableScroll}>
        <table className={styles.rowsTable}>
          <caption className={styles.visuallyHidden}>{field.label}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col">
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index}>
                {columns.map((column) => (
                  <td key={column.key}>{displayValue(column, row[column.key])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  if (field.kind === 'body-map') {
    const points = Array.isArray(value) ? (value as BodyMapPoint[]) : [];
    if (!points.length) return <span className={styles.notAnswered}>No marks</span>;
    return (
      <div className={styles.bodyMapRead}>
        <BodyMapFigures points={points} />
        <ol className={styles.markList}>
          {points.map((point, index) => (
            <li key={index}>{pointText(point)}</li>
          ))}
        </ol>
      </div>
    );
  }
  const text = displayValue(field, value);
  if (text === NOT_ANSWERED) return <span className={styles.notAnswered}>Not answered</span>;
  return <span className={field.kind === 'long-text' ? styles.longAnswer : undefined}>{text}</span>;
}

/** A document's answers by section, in words; withheld answers say what access reading them needs. */
export function DocumentAnswers({ spec, view }: { spec: DocumentSpec; view: Pick<DocumentViewData, 'content' | 'withheld'> }) {
  return (
    <>
      {spec.sections.map((section) => (
        <section key={section.key} className={styles.readSection} aria-label={section.title}>
          <h3>{section.title}</h3>
          <dl className={styles.answers}>
            {section.fields.map((field) => {
              if (view.withheld.includes(field.key)) {
                const sensitivity = sensitivityOf(spec, field);
                return (
                  <div key={field.key} className={styles.answer}>
                    <dt>{field.label}</dt>
                    <dd className={styles.withheldText}>Withheld: needs {sensitivity ? SENSITIVITY_LABELS[sensitivity] : 'more'} access</dd>
                  </div>
                );
              }
              if (!isShown(field, view.content)) return null;
              return (
                <div key={field.key} className={styles.answer}>
                  <dt>{field.label}</dt>
                  <dd>
                    <Answer field={field} value={view.content[field.key]} />
                  </dd>
                </div>
              );
            })}
          </dl>
        </section>
      ))}
    </>
  );
}

type Write = { path: string; method: 'put' | 'post'; body: Record<string, unknown> };

/**
 * A document as of its current version (or an earlier one), read-only: status, version, who changed it last,
 * review date, sign-off, results, and the answers by section. Its actions (edit, make active, archive, sign
 * off, print, versions) show as the user's rights and the document's status allow.
 */
export function DocumentView({ spec, basePath, id, version, ownerLabel, onEdit, onVersions, onCurrent, onArchived }: DocumentViewProps) {
  const paths = documentPaths(basePath, spec.name);
  const historic = version !== undefined;
  const path = historic ? paths.version(id, version) : paths.document(id);
  const query = useApiQuery<DocumentViewData>(path, undefined, { failure: `This ${spec.title} could not be loaded.` });
  const client = useQueryClient();
  const apiUrl = useRuntime((state) => state.registry.apiUrl).replace(/\/+$/, '');
  const [dialog, setDialog] = useState<'archive' | 'sign-off' | 'print' | null>(null);
  const [problem, setProblem] = useState<ReactNode>(null);

  const write = useApiMutation<DocumentViewData, Write>({
    request: ({ path: target, method, body }) => (method === 'put' ? api.put<DocumentViewData>(target, body) : api.post<DocumentViewData>(target, body)),
    invalidates: () => documentWriteKeys(basePath, spec.name, id),
    failure: `The ${spec.title} could not be changed.`,
  });

  if (!query.data && query.error) return <ErrorPanel title={`${spec.title} could not be loaded`}>{query.error.message}</ErrorPanel>;
  if (!query.data) return <Loading label={`Loading ${spec.title}…`} />;
  const view = query.data;

  /** After a write: the new state on screen at once; a refusal told in words. */
  function settle(answer: ApiResult<DocumentViewData>, success: string): boolean {
    if (!answer.error && answer.data) {
      client.setQueryData(apiKey(paths.document(id)), answer.data);
      notify({ type: 'success', title: spec.title, message: success });
      setProblem(null);
      return true;
    }
    const messages = Object.values(answer.errors ?? {}).flat();
    setProblem(
      <>
        <p>{answer.message || `The ${spec.title} could not be changed.`}</p>
        {messages.length ? (
          <ul>
            {messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        ) : null}
        {answer.httpStatus === 422 && onEdit && view.can.edit ? (
          <Button variant="secondary" onClick={onEdit}>
            Edit to answer them
          </Button>
        ) : null}
      </>,
    );
    // Someone changed it meanwhile: show what it is now.
    if (answer.httpStatus === 409) void query.refetch();
    return false;
  }

  async function makeActive() {
    const answer = await write.submit({ path: paths.document(id), method: 'put', body: { base_version: view.version, status: 'active' } });
    settle(answer, `Made active as version ${answer.data?.version ?? ''}.`);
  }

  async function archive() {
    const answer = await write.submit({ path: paths.document(id), method: 'put', body: { base_version: view.version, status: 'archived' } });
    setDialog(null);
    if (settle(answer, 'Archived.') && answer.data) onArchived?.(answer.data);
  }

  const reviewState = historic ? null : view.review_state;
  const review = reviewLabel(reviewState);
  const printTitle = `${spec.title}${ownerLabel ? `: ${ownerLabel}` : ''}${historic ? `, version ${view.version}` : ''}`;
  return (
    <article className={styles.view} aria-label={historic ? `${spec.title}, version ${view.version}` : spec.title}>
      <header className={styles.viewHeader}>
        {historic ? (
          <p className={styles.historic} role="note">
            An earlier version, read only: version {view.version}, {STATUS_LABELS[view.status].toLowerCase()}.{' '}
            {onCurrent ? (
              <Button variant="secondary" onClick={onCurrent}>
                Back to the current version
              </Button>
            ) : null}
          </p>
        ) : null}
        <div className={styles.badges}>
          <span className={styles.status} data-status={view.status}>
            {STATUS_LABELS[view.status]}
          </span>
          <span className={styles.versionBadge}>Version {view.version}</span>
          {review ? (
            <span className={styles.reviewBadge} data-state={reviewState}>
              {review}
            </span>
          ) : null}
        </div>
        <p className={styles.meta}>
          Last changed by {view.updated_by ?? 'someone no longer listed'} on <time dateTime={view.updated_at}>{formatDateTime(view.updated_at)}</time>
        </p>
        <p className={styles.meta}>{view.review_date ? <>Review date: <time dateTime={view.review_date}>{formatDate(view.review_date)}</time></> : 'No review date set.'}</p>
        {historic ? null : view.signed_off ? (
          <p className={styles.signedOff}>
            Signed off by {view.signed_off.name}, {view.signed_off.role}, <time dateTime={view.signed_off.at}>{formatDateTime(view.signed_off.at)}</time>
          </p>
        ) : view.status === 'active' ? (
          <p className={styles.meta}>Not signed off.</p>
        ) : null}
        <div className={styles.actions} role="group" aria-label={`${spec.title} actions`}>
          {onEdit && view.can.edit && view.status !== 'archived' ? <Button onClick={onEdit}>Edit</Button> : null}
          {!historic && view.can.edit && view.status === 'draft' ? (
            <Button variant="secondary" disabled={write.isPending} onClick={() => void makeActive()}>
              Make active
            </Button>
          ) : null}
          {!historic && view.can.signOff && !view.signed_off ? (
            <Button variant="secondary" onClick={() => setDialog('sign-off')}>
              Sign off
            </Button>
          ) : null}
          {!historic && view.can.edit && view.status !== 'archived' ? (
            <Button variant="secondary" onClick={() => setDialog('archive')}>
              Archive
            </Button>
          ) : null}
          <Button variant="secondary" onClick={() => setDialog('print')}>
            Print
          </Button>
          {onVersions ? (
            <Button variant="secondary" onClick={onVersions}>
              Versions
            </Button>
          ) : null}
        </div>
      </header>
      {problem ? (
        <div role="alert" className={styles.formError}>
          {problem}
        </div>
      ) : null}
      {view.withheld.length && spec.results ? (
        <p className={styles.hint}>Results are not shown: they are worked out from answers withheld from you.</p>
      ) : view.results.length ? (
        <ResultsPanel results={view.results} />
      ) : null}
      <DocumentAnswers spec={spec} view={view} />

      <Modal
        open={dialog === 'archive'}
        title={`Archive this ${spec.title}?`}
        onClose={() => setDialog(null)}
        size="small"
        footer={
          <>
            <Button disabled={write.isPending} onClick={() => void archive()}>
              Archive
            </Button>
            <Button variant="secondary" onClick={() => setDialog(null)}>
              Keep it
            </Button>
          </>
        }
      >
        <p>An archived document keeps every version and can still be read and printed, but it can no longer be changed and leaves the care plan.</p>
        {spec.multiple ? null : <p>A new {spec.title} can then be started.</p>}
      </Modal>
      {dialog === 'sign-off' ? (
        <SignOffDialog
          title={spec.title}
          version={view.version}
          onClose={() => setDialog(null)}
          onSign={async (role) => {
            const answer = await write.submit({ path: paths.signOff(id), method: 'post', body: { base_version: view.version, role } });
            if (answer.httpStatus === 422) return answer.errors?.role?.[0] ?? answer.message;
            setDialog(null);
            settle(answer, `Version ${view.version} signed off.`);
            return null;
          }}
        />
      ) : null}
      {dialog === 'print' ? (
        <Modal open title={`Print: ${printTitle}`} size="large" onClose={() => setDialog(null)}>
          <Suspense fallback={<Loading label="Opening the PDF viewer…" />}>
            <PdfViewer file={`${apiUrl}/${paths.pdf(id, historic ? view.version : undefined)}`} title={printTitle} downloadName={`${spec.name}-${id}-v${view.version}.pdf`} />
          </Suspense>
        </Modal>
      ) : null}
    </article>
  );
}

/** Asks the role the user signs off in (a registered manager, a clinical lead), then signs the version off. */
function SignOffDialog({ title, version, onClose, onSign }: { title: string; version: number; onClose: () => void; onSign: (role: string) => Promise<string | null> }) {
  const id = useId();
  const [role, setRole] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function sign() {
    if (!role.trim()) {
      setError('Say in what role you sign it off, e.g. Registered manager.');
      return;
    }
    setBusy(true);
    const refused = await onSign(role.trim());
    setBusy(false);
    setError(refused);
  }

  return (
    <Modal
      open
      title={`Sign off ${title}`}
      onClose={onClose}
      size="small"
      footer={
        <>
          <Button disabled={busy} onClick={() => void sign()}>
            Sign off version {version}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </>
      }
    >
      <p>You approve version {version} as it reads now, in your name and with today’s date.</p>
      <div className={[styles.field, error ? styles.invalid : ''].join(' ')}>
        <label htmlFor={`${id}-role`} className={styles.label}>
          Your role
        </label>
        <p id={`${id}-role-hint`} className={styles.hint}>
          e.g. Registered manager, Clinical lead, Care coordinator
        </p>
        {error ? (
          <p id={`${id}-role-error`} className={styles.error}>
            <span className={styles.visuallyHidden}>Error: </span>
            {error}
          </p>
        ) : null}
        <input
          id={`${id}-role`}
          type="text"
          value={role}
          maxLength={120}
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${id}-role-hint`, error ? `${id}-role-error` : ''].filter(Boolean).join(' ')}
          onChange={(event) => setRole(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void sign();
            }
          }}
        />
      </div>
    </Modal>
  );
}
