import { useSearchParams } from 'react-router-dom';
import { PageHeader, useRouteName, useSession } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { lastMonth, PRINT_API, usePrintUrl } from './common';
import { PdfPanel } from './PdfPanel';
import styles from './print.module.css';
import { formatDate } from '@hcm/contract/format';

export type BundleKind = 'invoices' | 'credit-notes' | 'credit-invoices';

const BUNDLES: Record<BundleKind, { heading: string; documents: string; intro: string }> = {
  invoices: { heading: 'All invoices', documents: 'Invoices', intro: 'Every invoice issued in the period, each from a new page in its funder’s layout.' },
  'credit-notes': { heading: 'All credit notes', documents: 'Credit notes', intro: 'Every credit note issued in the period, each naming the invoice it corrects.' },
  'credit-invoices': { heading: 'Credited invoices', documents: 'Credited invoices', intro: 'Every invoice issued in the period that has credit notes, each followed by its credit notes.' },
};

type Filter = 'from' | 'to' | 'funder_code_id' | 'branch_id';

/** invoices, credit-notes and credit-invoices: one PDF of the period's documents; period, funder and branch in the address. */
export function BundleScreen({ kind }: { kind: BundleKind }) {
  const bundle = BUNDLES[kind];
  useRouteName(bundle.heading);
  const [search, setSearch] = useSearchParams();
  const fallback = lastMonth();
  const filters: Record<Filter, string> = {
    from: search.get('from') ?? fallback.from,
    to: search.get('to') ?? fallback.to,
    funder_code_id: search.get('funder_code_id') ?? '',
    branch_id: search.get('branch_id') ?? '',
  };
  const branches = useSession((state) => state.user?.branches ?? []);
  const funders = useApiQuery<{ id: number; code: string; name: string }[]>(`${PRINT_API}/funders`);
  const url = usePrintUrl(`${kind}.pdf`, filters);
  const choose = (key: Filter, value: string) => {
    const next = new URLSearchParams();
    for (const [name, current] of Object.entries({ ...filters, [key]: value })) if (current) next.set(name, current);
    setSearch(next, { replace: true });
  };
  const title = `${bundle.documents} ${formatDate(filters.from)} to ${formatDate(filters.to)}`;
  return (
    <div className={styles.screen}>
      <PageHeader title={bundle.heading} />
      <p className={styles.muted}>{bundle.intro}</p>
      <form className={styles.filters} aria-label={`Choose the ${bundle.documents.toLowerCase()}`} onSubmit={(event) => event.preventDefault()}>
        <label>
          Issued from
          <input type="date" value={filters.from} onChange={(event) => choose('from', event.target.value)} />
        </label>
        <label>
          Issued to
          <input type="date" value={filters.to} onChange={(event) => choose('to', event.target.value)} />
        </label>
        <label>
          Funder
          <select value={filters.funder_code_id} onChange={(event) => choose('funder_code_id', event.target.value)}>
            <option value="">Every funder and private client</option>
            {(funders.data ?? []).map((funder) => (
              <option key={funder.id} value={funder.id}>
                {funder.name} ({funder.code})
              </option>
            ))}
          </select>
        </label>
        {branches.length > 1 ? (
          <label>
            Branch
            <select value={filters.branch_id} onChange={(event) => choose('branch_id', event.target.value)}>
              <option value="">All my branches</option>
              {branches.map((branch) => (
                <option key={branch.id} value={branch.id}>
                  {branch.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </form>
      {funders.error ? <p className={styles.muted}>The funders could not be listed: {funders.error.message}</p> : null}
      <PdfPanel url={url} title={title} what="These documents" fileName={`${kind}-${filters.from}-${filters.to}.pdf`} />
    </div>
  );
}
