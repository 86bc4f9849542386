import { useState } from 'react';
import type { DocumentSpec } from '@hcm/contract/documents';
import { Button, ErrorPanel, Loading } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { DocumentView } from './DocumentView';
import { documentPaths, STATUS_LABELS, type VersionSummary } from './model';
import styles from './documents.module.css';
import { formatDateTime } from '@hcm/contract/format';

export type DocumentVersionsProps = {
  spec: DocumentSpec;
  /** The owner's documents under the API, e.g. `clients/12/documents`. */
  basePath: string;
  id: number;
  /** Opens a version (e.g. at its own address); without it the version opens below the list. */
  onOpen?: (version: number) => void;
  /** Back to the document. */
  onBack?: () => void;
  ownerLabel?: string;
};

/** Every version of a document, newest first: who saved it, when, why, and what changed from the one before. */
export function DocumentVersions({ spec, basePath, id, onOpen, onBack, ownerLabel }: DocumentVersionsProps) {
  const paths = documentPaths(basePath, spec.name);
  const versions = useApiQuery<VersionSummary[]>(paths.versions(id), undefined, { failure: `The versions of this ${spec.title} could not be loaded.` });
  const [open, setOpen] = useState<number | null>(null);
  if (!versions.data && versions.error) return <ErrorPanel title="The versions could not be loaded">{versions.error.message}</ErrorPanel>;
  if (!versions.data) return <Loading label="Loading the versions…" />;

  return (
    <section className={styles.versions} aria-label={`Versions of ${spec.title}`}>
      <div className={styles.listHeader}>
        <h3>Versions</h3>
        {onBack ? (
          <Button variant="secondary" onClick={onBack}>
            Back to the document
          </Button>
        ) : null}
      </div>
      <p className={styles.hint}>Every save is kept as a version; nothing is overwritten.</p>
      <div className={styles.tableScroll}>
        <table className={styles.listTable}>
          <caption className={styles.visuallyHidden}>Versions of {spec.title}, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Status</th>
              <th scope="col">Saved by</th>
              <th scope="col">Saved</th>
              <th scope="col">Note</th>
              <th scope="col">What changed</th>
              <th scope="col">
                <span className={styles.visuallyHidden}>Open</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {versions.data.map((version) => (
              <tr key={version.version}>
                <th scope="row">{version.version}</th>
                <td>
                  <span className={styles.status} data-status={version.status}>
                    {STATUS_LABELS[version.status]}
                  </span>
                </td>
                <td>{version.saved_by ?? 'Someone no longer listed'}</td>
                <td>
                  <time dateTime={version.saved_at}>{formatDateTime(version.saved_at)}</time>
                </td>
                <td>{version.note || <span className={styles.notAnswered}>No note</span>}</td>
                <td>
                  {version.changes.length ? (
                    <ul className={styles.changeList}>
                      {version.changes.map((change) => (
                        <li key={change.key}>
                          {change.label}: {change.before} → {change.after}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <span className={styles.notAnswered}>No answers changed</span>
                  )}
                </td>
                <td>
                  <Button variant="secondary" onClick={() => (onOpen ? onOpen(version.version) : setOpen(version.version))}>
                    Open version {version.version}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {open !== null && !onOpen ? <DocumentView key={open} spec={spec} basePath={basePath} id={id} version={open} ownerLabel={ownerLabel} onCurrent={() => setOpen(null)} /> : null}
    </section>
  );
}
