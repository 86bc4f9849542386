import { useState } from 'react';
import type { AreaEventView, AreaHistory, AreaVersionView } from '@hcm/contract';
import { api, Button, Card, ErrorPanel, Loading, notify, PageHeader, useCan, useRouteName } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import styles from './Areas.module.css';
import { formatDateTime } from '@hcm/contract/format';

const ACTION: Record<AreaEventView['action'], string> = { deploy: 'deployed', activate: 'activated', rollback: 'rolled back to' };

/**
 * /app/areas: each area's deployed versions, the active one and its history, and (areas.rollback) a button
 * that activates another version after a confirmation. It lives in the host, not in a remote, so it works
 * while any area is broken. The page serves the new version to pages loaded from then on (a reload).
 */
const AREAS = 'api/v1/areas';

export function Areas() {
  useRouteName('Areas and versions');
  const answer = useApiQuery<AreaHistory[]>(AREAS);
  const areas = answer.data ?? null;
  const error = answer.error?.message ?? null;

  return (
    <>
      <PageHeader title="Areas and versions" />
      {error ? <ErrorPanel title="The area registry could not be read" onRetry={() => void answer.refetch()}>{error}</ErrorPanel> : null}
      {!areas && !error ? <Loading /> : null}
      {areas?.map((area) => <AreaCard key={area.name} area={area} />)}
    </>
  );
}

function AreaCard({ area }: { area: AreaHistory }) {
  const can = useCan();
  const mayChange = can('areas.rollback');
  const [confirming, setConfirming] = useState<AreaVersionView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // An activation changes the registry's history: the list is asked again.
  const activate = useApiMutation<{ version: string }, AreaVersionView>({
    request: (version) => api.post<{ version: string }>(`${AREAS}/${area.name}/activate`, { version: version.version }),
    invalidates: [apiKey(AREAS)],
  });
  const busy = activate.isPending;
  const activeIndex = area.versions.findIndex((version) => version.active);

  // Older than the active version: a roll back; newer: an activation.
  const verb = (index: number) => (activeIndex >= 0 && index > activeIndex ? 'Roll back' : 'Activate');

  const change = async (version: AreaVersionView) => {
    const answer = await activate.submit(version);
    if (answer.error) {
      setProblem(answer.errors?.version?.[0] ?? answer.message);
      return;
    }
    setProblem(null);
    setConfirming(null);
    notify({ type: 'success', message: `${area.title} now serves version ${version.version}. Pages loaded from now on use it.` });
  };

  return (
    <div className={styles.area}>
      <Card title={area.title}>
        <p className={styles.active}>{area.active ? `Active version: ${area.active.version} (by ${area.active.activated_by}, ${formatDateTime(area.active.activated_at)})` : 'No active version: this area is not deployed.'}</p>
        {area.versions.length > 0 ? (
          <table className={styles.table}>
            <caption className={styles.visuallyHidden}>{`Versions of ${area.title}`}</caption>
            <thead>
              <tr>
                <th scope="col">Version</th>
                <th scope="col">Built</th>
                <th scope="col">Deployed</th>
                <th scope="col">Manifest checksum</th>
                <th scope="col">
                  <span className={styles.visuallyHidden}>Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {area.versions.map((version, index) => (
                <tr key={version.id}>
                  <td>
                    {version.version}
                    {version.active ? ' (active)' : ''}
                  </td>
                  <td>{formatDateTime(version.built_at)}</td>
                  <td>{`${formatDateTime(version.deployed_at)} by ${version.deployed_by}`}</td>
                  <td className={styles.checksum} title={version.manifest_checksum}>
                    {version.manifest_checksum.slice(0, 12)}
                  </td>
                  <td>
                    {mayChange && !version.active ? (
                      <Button variant="secondary" onClick={() => setConfirming(version)} aria-label={`${verb(index)} ${area.title} to ${version.version}`}>
                        {verb(index)}
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {confirming ? (
          <div role="group" aria-label={`Confirm ${area.title} ${confirming.version}`} className={styles.confirm}>
            <p>{`${area.title} will serve version ${confirming.version} instead of ${area.active?.version ?? 'none'} to every page loaded from now on.`}</p>
            {problem ? <p role="alert">{problem}</p> : null}
            {/* Focus moves to the confirmation, so a keyboard user lands on it. */}
            <Button autoFocus disabled={busy} onClick={() => void change(confirming)}>
              {`Yes, serve ${confirming.version}`}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setConfirming(null)}>
              Cancel
            </Button>
          </div>
        ) : null}
        <h3>History</h3>
        {area.events.length ? (
          <ol className={styles.events} aria-label={`History of ${area.title}`}>
            {area.events.map((event) => (
              <li key={event.id}>
                {`${formatDateTime(event.at)}: ${event.actor} ${ACTION[event.action]} ${event.version}${event.from_version ? ` (from ${event.from_version})` : ''}`}
              </li>
            ))}
          </ol>
        ) : (
          <p>Nothing yet.</p>
        )}
      </Card>
    </div>
  );
}
