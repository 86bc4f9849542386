import { Link, Route, Routes, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { DocumentSpec } from '@hcm/contract/documents';
import { Button, EmptyState, ErrorPanel, Loading, NotFound, useCan } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { DocumentForm } from './DocumentForm';
import { DocumentVersions } from './DocumentVersions';
import { DocumentView } from './DocumentView';
import { documentPaths, LEVEL_LABELS, resultValueText, reviewLabel, STATUS_LABELS, type DocumentSummary, type SensitivePermissions } from './model';
import styles from './documents.module.css';
import { formatDate } from '@hcm/contract/format';

export type DocumentTabProps = {
  spec: DocumentSpec;
  /** The owner's documents under the API, as the kit's API client takes paths: e.g. `clients/12/documents`. */
  basePath: string;
  /** Whose record it is, e.g. the client's name. */
  ownerLabel?: string;
  /** The permissions reading sensitive answers needs, as the owner's documents are mounted with. */
  sensitive: SensitivePermissions;
};

type Shared = DocumentTabProps & { root: string };

/**
 * Where the tab itself is: the address up to the part its own routes match (the tab is the element of a
 * `<segment>/*` route), so its screens link to each other whatever the record's own address.
 */
function useTabRoot(): string {
  const { pathname } = useLocation();
  const rest = useParams()['*'] ?? '';
  const root = rest && pathname.endsWith(rest) ? pathname.slice(0, pathname.length - rest.length) : pathname;
  return root.replace(/\/+$/, '');
}

/**
 * One kind of record document on an owner's record, at `<tab>`: the current document (or "No <title> yet"
 * and "Start"), or for a kind with many (reviews, incidents) the list of them with "Add". Below the tab:
 * `new`, `:id`, `:id/edit`, `:id/versions` and `:id/versions/:version`, so each screen has its address and
 * the browser's Back works. Mount it as the element of a `<segment>/*` route.
 */
export function DocumentTab(props: DocumentTabProps) {
  const root = useTabRoot();
  const shared: Shared = { ...props, root };
  return (
    <section className={styles.tab} aria-labelledby={`document-tab-${props.spec.name}`}>
      <header className={styles.tabHeader}>
        <h2 id={`document-tab-${props.spec.name}`}>{props.spec.title}</h2>
        {props.spec.description ? <p className={styles.hint}>{props.spec.description}</p> : null}
      </header>
      <Routes>
        <Route index element={props.spec.multiple ? <DocumentList {...shared} /> : <CurrentDocument {...shared} />} />
        <Route path="new" element={<NewDocument {...shared} />} />
        <Route path=":documentId" element={<OpenDocument {...shared} />} />
        <Route path=":documentId/edit" element={<EditDocument {...shared} />} />
        <Route path=":documentId/versions" element={<Versions {...shared} />} />
        <Route path=":documentId/versions/:version" element={<OneVersion {...shared} />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </section>
  );
}

function useDocumentId(): number | null {
  const id = Number(useParams().documentId);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Where a document is shown: the tab itself for a kind kept as one, its own address for a kind with many. */
const documentHome = (spec: DocumentSpec, root: string, id: number) => (spec.multiple ? `${root}/${id}` : root);

function useKindList(spec: DocumentSpec, basePath: string) {
  return useApiQuery<DocumentSummary[]>(documentPaths(basePath, spec.name).kind, undefined, { failure: `${spec.title} could not be loaded.` });
}

function CurrentDocument({ spec, basePath, ownerLabel, root }: Shared) {
  const can = useCan();
  const navigate = useNavigate();
  const list = useKindList(spec, basePath);
  if (!list.data && list.error) return <ErrorPanel title={`${spec.title} could not be loaded`}>{list.error.message}</ErrorPanel>;
  if (!list.data) return <Loading label={`Loading ${spec.title}…`} />;
  const current = list.data.find((summary) => summary.status !== 'archived');
  const archived = list.data.filter((summary) => summary.status === 'archived');
  if (current) {
    return (
      <DocumentView
        spec={spec}
        basePath={basePath}
        id={current.id}
        ownerLabel={ownerLabel}
        onEdit={() => navigate(`${root}/${current.id}/edit`)}
        onVersions={() => navigate(`${root}/${current.id}/versions`)}
      />
    );
  }
  return (
    <>
      <EmptyState>No {spec.title} yet</EmptyState>
      {can(spec.permissions.edit) ? (
        <p className={styles.startRow}>
          <Button onClick={() => navigate(`${root}/new`)}>Start {spec.title}</Button>
        </p>
      ) : (
        <p className={styles.hint}>Someone who may write {spec.title} documents can start it.</p>
      )}
      {archived.length ? <SummaryTable spec={spec} rows={archived} root={root} caption={`Archived ${spec.title} documents`} /> : null}
    </>
  );
}

function DocumentList({ spec, basePath, root }: Shared) {
  const can = useCan();
  const navigate = useNavigate();
  const list = useKindList(spec, basePath);
  return (
    <>
      <div className={styles.listHeader}>
        <p className={styles.hint}>{list.data ? `${list.data.length} ${list.data.length === 1 ? 'document' : 'documents'}, newest first.` : ''}</p>
        {can(spec.permissions.edit) ? <Button onClick={() => navigate(`${root}/new`)}>Add</Button> : null}
      </div>
      {!list.data && list.error ? (
        <ErrorPanel title={`${spec.title} could not be loaded`} onRetry={() => void list.refetch()}>
          {list.error.message}
        </ErrorPanel>
      ) : !list.data ? (
        <Loading label={`Loading ${spec.title}…`} />
      ) : list.data.length === 0 ? (
        <EmptyState>No {spec.title} yet</EmptyState>
      ) : (
        <SummaryTable spec={spec} rows={list.data} root={root} caption={`${spec.title}, newest first`} />
      )}
    </>
  );
}

/** Documents of a kind as a table: date, status, version, review date and the results' bands, each opening. */
function SummaryTable({ spec, rows, root, caption }: { spec: DocumentSpec; rows: readonly DocumentSummary[]; root: string; caption: string }) {
  return (
    <div className={styles.tableScroll}>
      <table className={styles.listTable}>
        <caption className={styles.visuallyHidden}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Last changed</th>
            <th scope="col">Status</th>
            <th scope="col">Version</th>
            <th scope="col">Review date</th>
            <th scope="col">Results</th>
            <th scope="col">
              <span className={styles.visuallyHidden}>Open</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const review = reviewLabel(row.review_state);
            return (
              <tr key={row.id}>
                <td>
                  <time dateTime={row.updated_at}>{formatDate(row.updated_at)}</time>
                  {row.updated_by ? <span className={styles.hint}> by {row.updated_by}</span> : null}
                </td>
                <td>
                  <span className={styles.status} data-status={row.status}>
                    {STATUS_LABELS[row.status]}
                  </span>
                </td>
                <td>{row.version}</td>
                <td>
                  {row.review_date ? formatDate(row.review_date) : <span className={styles.notAnswered}>None</span>}
                  {review ? (
                    <>
                      {' '}
                      <span className={styles.reviewBadge} data-state={row.review_state}>
                        {review}
                      </span>
                    </>
                  ) : null}
                </td>
                <td>
                  {row.results.length ? (
                    <ul className={styles.bandList}>
                      {row.results.map((result) => (
                        <li key={result.key}>
                          {result.label} {resultValueText(result)}
                          {result.band ? (
                            <>
                              {': '}
                              <span className={styles.levelBadge} data-level={result.level ?? 'none'}>
                                {result.band}
                                {result.level ? <span className={styles.visuallyHidden}> (level: {LEVEL_LABELS[result.level]})</span> : null}
                              </span>
                            </>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <span className={styles.notAnswered}>None</span>
                  )}
                </td>
                <td>
                  <Link to={`${root}/${row.id}`}>
                    Open<span className={styles.visuallyHidden}> {spec.title} of {formatDate(row.updated_at)}, version {row.version}</span>
                  </Link>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function NewDocument({ spec, basePath, ownerLabel, sensitive, root }: Shared) {
  const navigate = useNavigate();
  return (
    <DocumentForm
      spec={spec}
      basePath={basePath}
      ownerLabel={ownerLabel}
      sensitive={sensitive}
      onSaved={(view) => navigate(documentHome(spec, root, view.id))}
      onCancel={() => navigate(root)}
      onOpenExisting={(id) => navigate(`${root}/${id}/edit`)}
    />
  );
}

function OpenDocument({ spec, basePath, ownerLabel, root }: Shared) {
  const id = useDocumentId();
  const navigate = useNavigate();
  if (id === null) return <NotFound />;
  return (
    <>
      {spec.multiple ? (
        <p>
          <Link to={root}>All {spec.title}</Link>
        </p>
      ) : null}
      <DocumentView
        spec={spec}
        basePath={basePath}
        id={id}
        ownerLabel={ownerLabel}
        onEdit={() => navigate(`${root}/${id}/edit`)}
        onVersions={() => navigate(`${root}/${id}/versions`)}
        onArchived={() => {
          if (!spec.multiple) navigate(root);
        }}
      />
    </>
  );
}

function EditDocument({ spec, basePath, ownerLabel, sensitive, root }: Shared) {
  const id = useDocumentId();
  const navigate = useNavigate();
  if (id === null) return <NotFound />;
  return (
    <DocumentForm
      spec={spec}
      basePath={basePath}
      id={id}
      ownerLabel={ownerLabel}
      sensitive={sensitive}
      onSaved={(view) => navigate(documentHome(spec, root, view.id))}
      onCancel={() => navigate(documentHome(spec, root, id))}
    />
  );
}

function Versions({ spec, basePath, ownerLabel, root }: Shared) {
  const id = useDocumentId();
  const navigate = useNavigate();
  if (id === null) return <NotFound />;
  return (
    <DocumentVersions
      spec={spec}
      basePath={basePath}
      id={id}
      ownerLabel={ownerLabel}
      onOpen={(version) => navigate(`${root}/${id}/versions/${version}`)}
      onBack={() => navigate(documentHome(spec, root, id))}
    />
  );
}

function OneVersion({ spec, basePath, ownerLabel, root }: Shared) {
  const id = useDocumentId();
  const version = Number(useParams().version);
  const navigate = useNavigate();
  if (id === null || !Number.isInteger(version) || version < 1) return <NotFound />;
  return (
    <>
      <p>
        <Link to={`${root}/${id}/versions`}>All versions</Link>
      </p>
      <DocumentView spec={spec} basePath={basePath} id={id} version={version} ownerLabel={ownerLabel} onCurrent={() => navigate(documentHome(spec, root, id))} />
    </>
  );
}
