import { isIdNumber } from '@hcm/contract/schemas';

/** A positive integer that fits an id column, or null (which the routes answer with 404). */
export function parseId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return isIdNumber(id) ? id : null;
}
