import { Link, Route, Routes, useParams } from 'react-router-dom';
import { Card, NotFound, PageHeader, useRouteName } from '@hcm/kit';
import { AUDIT_LISTS, auditListOf, type AuditGroup } from '../../contract/audits';
import AuditList from './AuditList';
import styles from './audits.module.css';

// /app/audits/carers/:kind and /app/audits/clients/:kind: one screen driven by the list's declaration
// (contract/audits.ts); /app/audits lists them.

function ListRoute({ group }: { group: AuditGroup }) {
  const { kind = '' } = useParams();
  const spec = auditListOf(group, kind);
  return spec ? <AuditList key={`${group}/${kind}`} spec={spec} /> : <NotFound />;
}

const GROUPS: { group: AuditGroup; title: string }[] = [
  { group: 'carers', title: "Carers' files" },
  { group: 'clients', title: "Clients' records" },
];

function AuditsIndex() {
  useRouteName('Audits');
  return (
    <div className={styles.screen}>
      <PageHeader title="Audits" />
      <p className={styles.muted}>Every record of your branches that falls due, with what is overdue and the outcomes.</p>
      <div className={styles.index}>
        {GROUPS.map(({ group, title }) => (
          <Card key={group} title={title}>
            <ul>
              {AUDIT_LISTS.filter((spec) => spec.group === group).map((spec) => (
                <li key={spec.kind}>
                  <Link to={`${group}/${spec.kind}`}>{spec.title}</Link>
                </li>
              ))}
            </ul>
          </Card>
        ))}
      </div>
    </div>
  );
}

export default function Screens() {
  return (
    <Routes>
      <Route index element={<AuditsIndex />} />
      <Route path="carers/:kind" element={<ListRoute group="carers" />} />
      <Route path="clients/:kind" element={<ListRoute group="clients" />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
