import type { SortMode } from '@hcm/contract';
import { useApiQuery } from '@hcm/kit/data';
import { useFilteredList } from '../lists';
import type { PayerChoice } from '../../contract/ledger';

// What the ledger's screens share: the API paths, a list's filters, sort and paging (all answered by the API),
// the payer choices and how a payer is written in a select.

export const LEDGER = {
  creditNotes: 'api/v1/finance/credit-notes',
  payments: 'api/v1/finance/payments',
  allocations: 'api/v1/finance/allocations',
  statements: 'api/v1/finance/statements',
  auditTrail: 'api/v1/finance/audit-trail',
  payers: 'api/v1/finance/payers',
  invoices: 'api/v1/finance/invoices',
} as const;

/** A ledger list: its filters, the API's sort and paging. */
export function useListState<Row, F extends Record<string, string>>(
  path: string,
  initial: F,
  defaultOrder: { sort: string; mode: SortMode },
  toParams: (filters: F) => Record<string, string> = (filters) => filters,
) {
  return useFilteredList<Row, F>(path, initial, defaultOrder, 'The list could not be loaded.', toParams);
}

/** 'funder:3' or 'client:12': a payer as one select value. */
export const payerValue = (payer: Pick<PayerChoice, 'payer_kind' | 'funder_code_id' | 'client_id'>) =>
  payer.payer_kind === 'funder' ? `funder:${payer.funder_code_id}` : `client:${payer.client_id}`;

export function payerOfValue(value: string): { payer_kind: 'funder' | 'client'; funder_code_id: number | null; client_id: number | null } | null {
  const [kind, id] = value.split(':');
  if (!id || (kind !== 'funder' && kind !== 'client')) return null;
  return kind === 'funder' ? { payer_kind: 'funder', funder_code_id: Number(id), client_id: null } : { payer_kind: 'client', funder_code_id: null, client_id: Number(id) };
}

export function usePayers(): PayerChoice[] {
  return useApiQuery<PayerChoice[]>(LEDGER.payers).data ?? [];
}

export function PayerOptions({ payers }: { payers: PayerChoice[] }) {
  const funders = payers.filter((payer) => payer.payer_kind === 'funder');
  const clients = payers.filter((payer) => payer.payer_kind === 'client');
  return (
    <>
      <optgroup label="Funders">
        {funders.map((payer) => (
          <option key={payerValue(payer)} value={payerValue(payer)}>
            {payer.name}
          </option>
        ))}
      </optgroup>
      <optgroup label="Private clients">
        {clients.map((payer) => (
          <option key={payerValue(payer)} value={payerValue(payer)}>
            {payer.name}
          </option>
        ))}
      </optgroup>
    </>
  );
}

export const STATUS_WORDS: Record<string, string> = { posted: 'Posted', sent: 'Sent', 'part-paid': 'Part paid', paid: 'Paid', void: 'Void' };

/** Pounds typed in a form ("24.10") as pence, or null when it is not an amount. */
export function penceOf(text: string): number | null {
  const value = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return null;
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export const poundsInput = (pence: number) => `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;

/** A payer filter ('funder:3') as the API's payer_kind, funder_code_id and client_id. */
export function payerParams<F extends { payer: string }>({ payer, ...rest }: F): Record<string, string> {
  const chosen = payerOfValue(payer);
  return { ...(rest as Record<string, string>), payer_kind: chosen?.payer_kind ?? '', funder_code_id: String(chosen?.funder_code_id ?? ''), client_id: String(chosen?.client_id ?? '') };
}
