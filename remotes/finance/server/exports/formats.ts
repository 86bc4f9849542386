// The tables an export writes, and CSV: one cell kind per column so money stays exact (pence written as
// pounds with two decimals, never through a float) and text a spreadsheet could run as a formula is defused.

export type CellKind = 'text' | 'number' | 'money' | 'date';
export type Column = { header: string; kind: CellKind };
/** A cell: text, a whole number, pence (for money), a date YYYY-MM-DD, or nothing. */
export type Cell = string | number | null;
export type ExportTable = { columns: Column[]; rows: Cell[][] };

/** Pence as pounds with two decimals, sign first: -5 → "-0.05", 123456 → "1234.56". */
export function pounds(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const magnitude = Math.abs(pence);
  return `${sign}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
}

/** A first character that makes a spreadsheet read the cell as a formula (OWASP CSV injection). */
const FORMULA_START = /^ *[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** One CSV cell (RFC 4180): formula-looking text gets a leading apostrophe, inside quotes. */
export function csvCell(value: string, { text = true } = {}): string {
  const formula = text && FORMULA_START.test(value);
  const safe = formula ? `'${value}` : value;
  return formula || NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A cell as the CSV writes it; `dates` turns YYYY-MM-DD into the day format a target wants (Xero, Sage: dd/mm/yyyy). */
export function csvValue(cell: Cell, kind: CellKind, dates: (day: string) => string = (day) => day): string {
  if (cell === null || cell === '') return '';
  if (kind === 'money') return csvCell(pounds(Number(cell)), { text: false });
  if (kind === 'number') return csvCell(String(cell), { text: false });
  if (kind === 'date') return csvCell(dates(String(cell)), { text: false });
  return csvCell(String(cell));
}

/** The table as CSV text, CRLF line ends, with a byte-order mark so Excel reads it as UTF-8 unless told not to. */
export function csvOf(table: ExportTable, options: { dates?: (day: string) => string; bom?: boolean } = {}): string {
  const lines = [table.columns.map((column) => csvCell(column.header)).join(',')];
  for (const row of table.rows) lines.push(table.columns.map((column, index) => csvValue(row[index] ?? null, column.kind, options.dates)).join(','));
  return `${options.bom === false ? '' : '\uFEFF'}${lines.join('\r\n')}\r\n`;
}

/** YYYY-MM-DD → dd/mm/yyyy (UK order, as Xero and Sage import). */
export const ukDate = (day: string) => (/^\d{4}-\d{2}-\d{2}$/.test(day) ? day.split('-').reverse().join('/') : day);
