import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { PageHeader, useRouteName } from '@hcm/kit';
import { INVOICE_VARIANTS, lastQuarter, usePrintUrl } from './common';
import { PdfPanel } from './PdfPanel';
import styles from './print.module.css';
import { formatDate } from '@hcm/contract/format';

// One document each: an invoice by its number in a layout (/app/scheduler/invoice/:slug[/:variant]), a credit
// note by its number (/app/scheduler/credit-note/:slug), a private client's statement for a period
// (/app/scheduler/client-statement/:id?from&to).

/** invoice/:slug (the invoice's own layout) and invoice/:slug/:variant (a regional layout, picked here). */
export function InvoiceScreen() {
  const { slug = '', variant = '' } = useParams();
  const navigate = useNavigate();
  const title = `Invoice ${slug}`;
  useRouteName(title);
  const url = usePrintUrl(`invoices/${encodeURIComponent(slug)}.pdf`, { variant });
  const chosen = variant || 'own';
  return (
    <div className={styles.screen}>
      <PageHeader title={title} />
      <form className={styles.filters} aria-label="Invoice layout" onSubmit={(event) => event.preventDefault()}>
        <label>
          Layout
          <select
            value={chosen}
            onChange={(event) => navigate(`/app/scheduler/invoice/${encodeURIComponent(slug)}${event.target.value === 'own' ? '' : `/${event.target.value}`}`)}
          >
            <option value="own">The funder&apos;s template</option>
            {INVOICE_VARIANTS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </form>
      <PdfPanel url={url} title={title} what={`Invoice ${slug}`} fileName={`${slug}${variant ? `-${variant}` : ''}.pdf`} />
    </div>
  );
}

/** credit-note/:slug */
export function CreditNoteScreen() {
  const { slug = '' } = useParams();
  const title = `Credit note ${slug}`;
  useRouteName(title);
  const url = usePrintUrl(`credit-notes/${encodeURIComponent(slug)}.pdf`);
  return (
    <div className={styles.screen}>
      <PageHeader title={title} />
      <PdfPanel url={url} title={title} what={`Credit note ${slug}`} fileName={`${slug}.pdf`} />
    </div>
  );
}

/** client-statement/:id?from&to: the statement of a private client's account for the period, kept in the address. */
export function ClientStatementScreen() {
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const fallback = lastQuarter();
  const from = search.get('from') ?? fallback.from;
  const to = search.get('to') ?? fallback.to;
  useRouteName('Client statement');
  const url = usePrintUrl(`statements/client/${encodeURIComponent(id)}.pdf`, { from, to });
  const choose = (key: 'from' | 'to', value: string) => {
    const next = new URLSearchParams(search);
    next.set('from', from);
    next.set('to', to);
    next.set(key, value);
    setSearch(next, { replace: true });
  };
  const title = `Statement ${formatDate(from)} to ${formatDate(to)}`;
  return (
    <div className={styles.screen}>
      <PageHeader title="Client statement" />
      <p className={styles.muted}>Invoices, credit notes and payments of the client&apos;s own account, with the balance after each.</p>
      <form className={styles.filters} aria-label="Statement period" onSubmit={(event) => event.preventDefault()}>
        <label>
          From
          <input type="date" value={from} onChange={(event) => choose('from', event.target.value)} />
        </label>
        <label>
          To
          <input type="date" value={to} onChange={(event) => choose('to', event.target.value)} />
        </label>
      </form>
      <PdfPanel url={url} title={title} what="This client" fileName={`statement-${id}-${from}-${to}.pdf`} />
    </div>
  );
}
