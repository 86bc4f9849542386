import { useLocation } from 'react-router-dom';
import { NotFound } from '@hcm/kit';
import { Allocation } from './Allocation';
import { AuditTrail, ChangeScreen } from './AuditTrail';
import { CreditNotes } from './CreditNotes';
import { InvoiceScreen } from './InvoiceScreen';
import { Payment } from './Payment';
import { Statements } from './Statements';

/**
 * The ledger's screens under /app/finance: allocation (payments) and allocation/:id (one payment), invoices/:id,
 * credit-notes, statements, audit-trail and :id/audit/:editid. The area mounts this for each of those prefixes.
 */
export default function Screens() {
  const { pathname } = useLocation();
  const path = pathname.replace(/^\/app\/finance\/?/, '').replace(/\/$/, '');
  if (path === 'allocation') return <Allocation />;
  const [section, id] = path.split('/');
  if (section === 'allocation' && id && /^\d+$/.test(id) && path.split('/').length === 2) return <Payment id={id} />;
  if (section === 'invoices' && id && /^\d+$/.test(id) && path.split('/').length === 2) return <InvoiceScreen id={id} />;
  if (path === 'credit-notes') return <CreditNotes />;
  if (path === 'statements') return <Statements />;
  if (path === 'audit-trail') return <AuditTrail />;
  if (/^\d+\/audit\/\d+$/.test(path)) return <ChangeScreen editid={path.split('/')[2]!} />;
  return <NotFound />;
}
