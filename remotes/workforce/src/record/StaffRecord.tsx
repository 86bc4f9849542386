import { Navigate, NavLink, Route, Routes, useLocation, useParams } from 'react-router-dom';
import type { DocumentSummary } from '@hcm/contract/documents';
import { ErrorPanel, Loading, NotFound, useRouteName } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { lazyScreen } from '@hcm/kit/routing';
import { formatDate } from '@hcm/contract/format';
import { CARER_TABS, documentNameOf, EMPLOYEE_TABS, STAFF_RECORD_GROUPS, type StaffRecordTab } from '../../contract/record-tabs';
import { CARER_STATUSES, EMPLOYEE_STATUSES } from '../../contract/people';
import { COMPLIANCE_STATES, type CarerSummary, type EmployeeSummary } from '../../contract/index';
import { CARER_SCREENS, EMPLOYEE_SCREENS } from './screens';
import type { StaffOwner } from './types';
import styles from './StaffRecord.module.css';

const DocumentScreen = lazyScreen(() => import('./DocumentScreen'), 'Loading the document…');

const formatDay = (day: string | null) => formatDate(day) || '—';
const labelOf = (choices: readonly { value: string; label: string }[], value: string) => choices.find((choice) => choice.value === value)?.label ?? value;

function CarerHeader({ carer }: { carer: CarerSummary }) {
  const initials = `${carer.first_name[0] ?? ''}${carer.last_name[0] ?? ''}`;
  const expiring = carer.checks.filter((check) => check.state === 'expiring' || check.state === 'expired' || (check.state === 'missing' && check.blocks_rostering));
  return (
    <section className={styles.header} aria-label="Carer summary">
      <div className={styles.photo} role="img" aria-label={`No photo of ${carer.name}: initials ${initials}`}>
        {initials}
      </div>
      <div className={styles.identity}>
        <h1>
          {carer.name}
          {carer.preferred_name ? <span className={styles.preferred}> (known as {carer.preferred_name})</span> : null}
        </h1>
        <dl className={styles.facts}>
          <div><dt>Status</dt><dd><span className={styles.status} data-status={carer.status}>{labelOf(CARER_STATUSES, carer.status)}</span></dd></div>
          <div><dt>Branch</dt><dd>{carer.branch}</dd></div>
          <div><dt>Role</dt><dd>{carer.role ?? 'Not set'}</dd></div>
          <div><dt>Started</dt><dd>{formatDay(carer.start_date)}</dd></div>
          <div>
            <dt>Compliance</dt>
            <dd>
              <span className={styles.status} data-status={carer.compliance ?? 'unknown'}>{carer.compliance ? labelOf(COMPLIANCE_STATES, carer.compliance) : 'Not checked yet'}</span>
            </dd>
          </div>
          <div><dt>Rostering</dt><dd>{carer.rosterable === false ? 'Cannot be rostered' : carer.rosterable ? 'Can be rostered' : '—'}</dd></div>
        </dl>
      </div>
      {carer.blocked_because.length || expiring.length ? (
        <ul className={styles.alerts} aria-label="Alerts">
          {carer.blocked_because.map((reason) => (
            <li key={reason} data-level="high"><span className={styles.alertTag}>Blocks rostering</span> {reason}</li>
          ))}
          {expiring
            .filter((check) => !carer.blocked_because.some((reason) => reason.startsWith(check.label)))
            .map((check) => (
              <li key={check.key} data-level="overdue"><span className={styles.alertTag}>{check.state === 'expiring' ? 'Expiring' : check.state === 'expired' ? 'Expired' : 'Missing'}</span> {check.label}: {check.detail}</li>
            ))}
        </ul>
      ) : null}
    </section>
  );
}

function EmployeeHeader({ employee }: { employee: EmployeeSummary }) {
  const [first = '', last = ''] = employee.name.split(' ');
  return (
    <section className={styles.header} aria-label="Employee summary">
      <div className={styles.photo} role="img" aria-label={`No photo of ${employee.name}: initials ${first[0] ?? ''}${last[0] ?? ''}`}>
        {`${first[0] ?? ''}${last[0] ?? ''}`}
      </div>
      <div className={styles.identity}>
        <h1>{employee.name}</h1>
        <dl className={styles.facts}>
          <div><dt>Job title</dt><dd>{employee.job_title}</dd></div>
          <div><dt>Status</dt><dd><span className={styles.status} data-status={employee.status}>{labelOf(EMPLOYEE_STATUSES, employee.status)}</span></dd></div>
          <div><dt>Branch</dt><dd>{employee.branch}</dd></div>
          <div><dt>Started</dt><dd>{formatDay(employee.start_date)}</dd></div>
          {employee.probation_ends_on ? <div><dt>Probation ends</dt><dd>{formatDay(employee.probation_ends_on)}</dd></div> : null}
        </dl>
      </div>
    </section>
  );
}

/** A document tab's state in the navigation: not started, draft, review due or overdue. */
function tabState(tab: StaffRecordTab, documents: readonly DocumentSummary[]): string | null {
  if (tab.kind !== 'document') return null;
  const mine = documents.filter((document) => document.kind === documentNameOf(tab.segment) && document.status !== 'archived');
  if (!mine.length) return 'not started';
  if (mine.some((document) => document.review_state === 'overdue')) return 'overdue';
  if (mine.some((document) => document.review_state === 'due')) return 'review due';
  if (mine.every((document) => document.status === 'draft')) return 'draft';
  return null;
}

function RecordNavigation({ owner, ownerId, tabs, documents, label }: { owner: StaffOwner; ownerId: number; tabs: readonly StaffRecordTab[]; documents: readonly DocumentSummary[]; label: string }) {
  const { pathname } = useLocation();
  const base = `/app/${owner}/${ownerId}/edit`;
  const current = tabs.find((tab) => pathname === `${base}/${tab.segment}` || pathname.startsWith(`${base}/${tab.segment}/`));
  return (
    <nav className={styles.nav} aria-label={label}>
      {STAFF_RECORD_GROUPS.filter((group) => tabs.some((tab) => tab.group === group.key)).map((group) => (
        <details key={group.key} open={current?.group === group.key || undefined} className={styles.group}>
          <summary>{group.title}</summary>
          <ul>
            {tabs.filter((tab) => tab.group === group.key).map((tab) => {
              const state = tabState(tab, documents);
              // A tab with sub-tabs (references-documents) is highlighted only on its own page.
              const hasChildren = tabs.some((other) => other.segment.startsWith(`${tab.segment}/`));
              return (
                <li key={tab.segment}>
                  <NavLink to={`${base}/${tab.segment}`} end={hasChildren} className={({ isActive }) => (isActive ? styles.active : undefined)}>
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

function TabContent({ owner, tab, ownerId, ownerName }: { owner: StaffOwner; tab: StaffRecordTab; ownerId: number; ownerName: string }) {
  useRouteName(tab.title);
  if (tab.kind === 'document') return <DocumentScreen owner={owner} segment={tab.segment} title={tab.title} ownerId={ownerId} ownerName={ownerName} />;
  const Screen = (owner === 'carers' ? CARER_SCREENS : EMPLOYEE_SCREENS)[tab.segment];
  return Screen ? <Screen owner={owner} ownerId={ownerId} ownerName={ownerName} /> : <NotFound />;
}

/**
 * A carer's file at /app/carers/:id/edit/<tab>, or an office employee's at /app/employees/:id/edit/<tab>: a
 * summary header (status, branch, compliance and what blocks rostering), the tabs grouped the way an office reads a
 * staff file, and the open tab. /app/carers/:id opens the details.
 */
export default function StaffRecord({ owner }: { owner: StaffOwner }) {
  const { id = '' } = useParams();
  const ownerId = Number(id);
  const summary = useApiQuery<CarerSummary | EmployeeSummary>(`api/v1/${owner}/${id}/summary`);
  const documents = useApiQuery<DocumentSummary[]>(`api/v1/${owner}/${id}/documents`);
  const tabs = owner === 'carers' ? CARER_TABS : EMPLOYEE_TABS;
  const first = tabs[0]!.segment;
  const noun = owner === 'carers' ? 'carer' : 'office employee';
  if (summary.error) return <ErrorPanel title={`This ${noun} could not be loaded`}>{summary.error.message}</ErrorPanel>;
  if (!summary.data) return <Loading label={`Loading the ${noun}'s file…`} />;
  const summaries = Array.isArray(documents.data) ? documents.data : [];
  const name = summary.data.name;
  return (
    <div className={styles.record}>
      {owner === 'carers' ? <CarerHeader carer={summary.data as CarerSummary} /> : <EmployeeHeader employee={summary.data as EmployeeSummary} />}
      <div className={styles.body}>
        <RecordNavigation owner={owner} ownerId={ownerId} tabs={tabs} documents={summaries} label={owner === 'carers' ? 'Carer record' : 'Employee record'} />
        <section className={styles.tab} aria-label="Record tab">
          <Routes>
            <Route index element={<Navigate to={`edit/${first}`} replace />} />
            <Route path="edit" element={<Navigate to={first} replace />} />
            {tabs.map((tab) => (
              <Route key={tab.segment} path={`edit/${tab.segment}/*`} element={<TabContent owner={owner} tab={tab} ownerId={ownerId} ownerName={name} />} />
            ))}
            <Route path="*" element={<NotFound />} />
          </Routes>
        </section>
      </div>
    </div>
  );
}
