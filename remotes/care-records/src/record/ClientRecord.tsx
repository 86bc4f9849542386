import { useId, useState } from 'react';
import { Navigate, NavLink, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { extensionFor, type PermissionCatalogEntry } from '@hcm/contract';
import type { DocumentSummary } from '@hcm/contract/documents';
import type { ResourceSpec } from '@hcm/contract/engine';
import { Button, EmptyState, ErrorPanel, Loading, NotFound, useCan, useRouteName, useRuntime, useSession } from '@hcm/kit';
import { useApiQuery, useDeclaredRecord } from '@hcm/kit/data';
import { Extension, lazyScreen } from '@hcm/kit/routing';
import { CLIENT_RECORD_TAB_POINT, documentNameOf, RECORD_GROUPS, RECORD_TABS, type RecordTab } from '../../contract/record-tabs';
import { CLIENT_STATUSES, clients as clientsSpec } from '../../contract/resources';
import { useRecordHeaderOpen } from './headerState';
import { RECORD_SCREENS } from './screens';
import styles from './ClientRecord.module.css';
import { clock } from '@hcm/contract/time';
import { formatDate } from '@hcm/contract/format';

const DocumentScreen = lazyScreen(() => import('./DocumentScreen'), 'Loading the document…');
const CarePlanPrint = lazyScreen(() => import('./CarePlanPrint'), 'Opening the PDF viewer…');

const clients: ResourceSpec = clientsSpec;

type Client = Record<string, unknown> & { id: number; first_name: string; last_name: string };

function ageOf(dateOfBirth: string, today = clock.now()): number {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getFullYear() - year;
  if (today.getMonth() + 1 < month || (today.getMonth() + 1 === month && today.getDate() < day)) age -= 1;
  return age;
}

const RANK = { 'very-high': 2, high: 1 } as const;

/**
 * What the office must see before anything else: each document's worst high risk (one line per document, its
 * band, what and how much), then the reviews overdue, together in one line.
 */
export function alertsOf(documents: readonly DocumentSummary[]): { key: string; text: string; level: 'high' | 'overdue' }[] {
  const alerts: { key: string; text: string; level: 'high' | 'overdue' }[] = [];
  const overdue: string[] = [];
  for (const document of documents) {
    if (document.status === 'archived') continue;
    // A risk table's "highest rating" repeats one of its rows: the row, naming the hazard, is the alert.
    const high = document.results.filter((result) => !result.key.endsWith('_highest') && (result.level === 'high' || result.level === 'very-high'));
    const worst = [...high].sort((a, b) => RANK[b.level as keyof typeof RANK] - RANK[a.level as keyof typeof RANK])[0];
    if (worst) {
      const value = worst.value === null ? '' : ` ${worst.value}${worst.unit ? ` ${worst.unit}` : ''}`;
      const more = high.length > 1 ? `, and ${high.length - 1} more` : '';
      alerts.push({ key: `${document.id}-risk`, level: 'high', text: `${document.title}: ${worst.band ?? 'High risk'} (${worst.label}${value})${more}` });
    }
    if (document.review_state === 'overdue') overdue.push(document.title);
  }
  if (overdue.length) alerts.push({ key: 'reviews', level: 'overdue', text: `${overdue.length === 1 ? 'Review' : `${overdue.length} reviews`} overdue: ${overdue.join(', ')}` });
  return alerts;
}

/** The collapsed header's one line: the allergies (always), then how many alerts the details hold. */
function summaryOf(allergies: string, alerts: ReturnType<typeof alertsOf>): string {
  const high = alerts.filter((alert) => alert.level === 'high').length;
  const overdue = alerts.some((alert) => alert.level === 'overdue');
  return [
    `Allergies: ${allergies || 'not recorded'}`,
    high ? `${high} high ${high === 1 ? 'risk' : 'risks'}` : '',
    overdue ? 'reviews overdue' : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

function RecordHeader({ client, documents }: { client: Client; documents: readonly DocumentSummary[] }) {
  const can = useCan();
  const apiUrl = useRuntime((state) => state.registry.apiUrl).replace(/\/+$/, '');
  const userId = useSession((state) => state.user?.userID);
  const [printing, setPrinting] = useState(false);
  const [open, setOpen] = useRecordHeaderOpen(userId, client.id);
  const detailsId = useId();
  const alertsId = useId();
  const name = `${client.first_name} ${client.last_name}`;
  const status = CLIENT_STATUSES.find((item) => item.value === client.status)?.label ?? String(client.status);
  const allergies = String(client.allergies ?? '').trim();
  const alerts = alertsOf(documents);
  const initials = `${client.first_name[0] ?? ''}${client.last_name[0] ?? ''}`;
  const hasAllergies = allergies && !/^none/i.test(allergies);
  return (
    <section className={[styles.header, open ? '' : styles.collapsed].join(' ')} aria-label="Client summary">
      <div className={styles.photo} role="img" aria-label={`No photo of ${name}: initials ${initials}`} hidden={!open}>
        {initials}
      </div>
      <div className={styles.identity}>
        <div className={styles.titleLine}>
          <h1>
            {name}
            {client.preferred_name ? <span className={styles.preferred}> (likes to be called {String(client.preferred_name)})</span> : null}
          </h1>
          <button type="button" className={styles.disclosure} aria-expanded={open} aria-controls={alerts.length ? `${detailsId} ${alertsId}` : detailsId} onClick={() => setOpen(!open)}>
            <span aria-hidden="true" className={styles.chevron} />
            {open ? 'Hide details' : 'Show details'}
          </button>
        </div>
        {open ? null : <p className={[styles.summaryLine, hasAllergies || alerts.length ? styles.summaryWarn : ''].join(' ')}>{summaryOf(allergies, alerts)}</p>}
        <div id={detailsId} hidden={!open}>
          <dl className={styles.facts}>
            <div><dt>NHS number</dt><dd>{String(client.nhs_number)}</dd></div>
            <div><dt>Born</dt><dd>{formatDate(String(client.date_of_birth))} (age {ageOf(String(client.date_of_birth))})</dd></div>
            <div><dt>Status</dt><dd><span className={styles.status} data-status={String(client.status)}>{status}</span></dd></div>
            <div><dt>Key safe</dt><dd>{can('clients.key-safe.view') ? <NavLink to={`/app/clients/${client.id}/settings`}>Access details</NavLink> : 'Ask the office'}</dd></div>
          </dl>
          <p className={hasAllergies ? styles.allergies : styles.noAllergies}>
            <strong>Allergies:</strong> {allergies || 'Not recorded: ask and record them'}
          </p>
        </div>
      </div>
      <div className={styles.headerActions}>
        <Button variant="secondary" onClick={() => setPrinting(true)}>Print care plan</Button>
        {can('clients.export') ? (
          <a className={styles.exportLink} href={`${apiUrl}/api/v1/clients/${client.id}/subject-access-export`} download>
            Subject access export (ZIP)
          </a>
        ) : null}
      </div>
      {alerts.length ? (
        <ul id={alertsId} className={styles.alerts} aria-label="Alerts" hidden={!open}>
          {alerts.map((alert) => (
            <li key={alert.key} data-level={alert.level}>
              <span className={styles.alertTag}>{alert.level === 'high' ? 'High risk' : 'Overdue'}</span> {alert.text}
            </li>
          ))}
        </ul>
      ) : null}
      {printing ? <CarePlanPrint url={`${apiUrl}/api/v1/clients/${client.id}/care-plan.pdf`} name={name} clientId={client.id} onClose={() => setPrinting(false)} /> : null}
    </section>
  );
}

/**
 * Whether the user may open a tab: a contributed tab needs every permission its area declares on the extension
 * (the area's API refuses the rest, so offering it would only end in "unauthorized"). Others are always offered.
 */
function useTabAllowed(): (tab: RecordTab) => boolean {
  const can = useCan();
  const areas = useRuntime((state) => state.registry.areas);
  return (tab) => {
    if (tab.kind !== 'contributed') return true;
    const found = extensionFor(areas, CLIENT_RECORD_TAB_POINT, tab.segment);
    return (found?.extension.permission ?? []).every((permission) => can(permission));
  };
}

/** A document tab's state in the navigation: not started, draft, review due or overdue. */
function tabState(tab: RecordTab, documents: readonly DocumentSummary[]): string | null {
  if (tab.kind !== 'document') return null;
  const mine = documents.filter((document) => document.kind === documentNameOf(tab.segment) && document.status !== 'archived');
  if (!mine.length) return 'not started';
  if (mine.some((document) => document.review_state === 'overdue')) return 'overdue';
  if (mine.some((document) => document.review_state === 'due')) return 'review due';
  if (mine.every((document) => document.status === 'draft')) return 'draft';
  return null;
}

function RecordNavigation({ clientId, documents }: { clientId: number; documents: readonly DocumentSummary[] }) {
  const { pathname } = useLocation();
  const allowed = useTabAllowed();
  const current = RECORD_TABS.find((tab) => pathname.startsWith(`/app/clients/${clientId}/${tab.segment}`));
  return (
    <nav className={styles.nav} aria-label="Client record">
      {RECORD_GROUPS.map((group) => (
        <details key={group.key} open={current?.group === group.key || undefined} className={styles.group}>
          <summary>{group.title}</summary>
          <ul>
            {RECORD_TABS.filter((tab) => tab.group === group.key && allowed(tab)).map((tab) => {
              const state = tabState(tab, documents);
              return (
                <li key={tab.segment}>
                  <NavLink to={`/app/clients/${clientId}/${tab.segment}`} end={tab.segment === 'mental-capacity'} className={({ isActive }) => (isActive ? styles.active : undefined)}>
                    {tab.title}
                    {state ? <span className={styles.tabState} data-state={state}> ({state})</span> : null}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </details>
      ))}
    </nav>
  );
}

function TabContent({ tab, clientId, clientName }: { tab: RecordTab; clientId: number; clientName: string }) {
  useRouteName(tab.title);
  const allowed = useTabAllowed();
  const areas = useRuntime((state) => state.registry.areas);
  // What a missing permission allows, from the catalogue the API composed (another area's permission, often).
  const catalogue = useApiQuery<PermissionCatalogEntry[]>('api/v1/permissions', undefined, { enabled: !allowed(tab) });
  if (!allowed(tab)) {
    const needed = extensionFor(areas, CLIENT_RECORD_TAB_POINT, tab.segment)?.extension.permission ?? [];
    const describe = (permission: string) => catalogue.data?.find((entry) => entry.name === permission)?.description ?? permission;
    const names = needed.map((permission) => `“${describe(permission)}”`).join(' and ');
    return (
      <ErrorPanel title="You do not have permission to see this tab">
        {tab.title} needs the {names} permission{needed.length > 1 ? 's' : ''}. Ask an administrator if your role should have {needed.length > 1 ? 'them' : 'it'}.
      </ErrorPanel>
    );
  }
  if (tab.kind === 'document') {
    return <DocumentScreen segment={tab.segment} title={tab.title} clientId={clientId} clientName={clientName} />;
  }
  if (tab.kind === 'contributed') {
    const provider = tab.providedBy.replace(/-/g, ' ');
    return (
      <Extension
        point={CLIENT_RECORD_TAB_POINT}
        extensionKey={tab.segment}
        props={{ clientId }}
        fallback={
          <EmptyState>
            {tab.title} is provided by the {provider} area, which has not added this tab to the client record yet.
          </EmptyState>
        }
      />
    );
  }
  const Screen = RECORD_SCREENS[tab.segment];
  return Screen ? <Screen clientId={clientId} /> : <NotFound />;
}

/**
 * The client record at /app/clients/:id/<tab>: a summary header (name, NHS number, status, allergies, alerts),
 * the tabs grouped the way an office reads a record, and the open tab. /app/clients/:id opens the profile.
 */
export default function ClientRecord() {
  const { id = '' } = useParams();
  const clientId = Number(id);
  const client = useDeclaredRecord(clients, id);
  const documents = useApiQuery<DocumentSummary[]>(`api/v1/clients/${id}/documents`);
  if (client.error) return <ErrorPanel title="This client could not be loaded">{client.error.message}</ErrorPanel>;
  if (!client.data) return <Loading label="Loading the client's record…" />;
  const row = client.data as unknown as Client;
  const summaries = Array.isArray(documents.data) ? documents.data : [];
  const name = `${row.first_name} ${row.last_name}`;
  return (
    <div className={styles.record}>
      <RecordHeader client={row} documents={summaries} />
      <div className={styles.body}>
        <RecordNavigation clientId={clientId} documents={summaries} />
        <section className={styles.tab} aria-label="Record tab">
          <Routes>
            <Route index element={<Navigate to="profile-info" replace />} />
            <Route path="edit" element={<Navigate to="../profile-info" replace />} />
            {RECORD_TABS.map((tab) => (
              <Route key={tab.segment} path={`${tab.segment}/*`} element={<TabContent tab={tab} clientId={clientId} clientName={name} />} />
            ))}
            <Route path="*" element={<NotFound />} />
          </Routes>
        </section>
      </div>
    </div>
  );
}
