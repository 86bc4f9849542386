import { penceToPounds, type FieldSpec } from '@hcm/contract/engine';
import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { columnOf, type Resource, type ResourceCatalog } from './catalog.js';
import type { ListQuery } from './list-query.js';

/** Rows read per query while exporting, so memory stays flat however long the list is. */
export const EXPORT_CHUNK_ROWS = 500;

/** A first character that makes a spreadsheet read the cell as a formula (OWASP CSV injection); spaces before it too. */
const FORMULA_START = /^ *[=+\-@\t\r]/;
/**
 * What makes a cell need quotes: a comma, a semicolon (Excel's list separator in many locales), a tab, quotes and
 * line breaks. Quoted, `a;=1+1` stays one cell whichever of them a spreadsheet splits on, so the `=` never starts
 * a cell of its own. (An apostrophe there would not help a reader that ignores quotes, and would mark plain text.)
 */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/**
 * One CSV cell (RFC 4180, quotes doubled), quoted when it holds a comma, semicolon, quote, tab, CR or LF.
 * Text a spreadsheet could read as a formula (it starts with = + - @, tab or CR) is defused as OWASP advises:
 * a leading apostrophe, inside quotes. `text: false` is for the numbers the export writes itself (integers,
 * pounds like -12 or 24.10), which stay numbers.
 */
export function csvCell(value: string, { text = true } = {}): string {
  const formula = text && FORMULA_START.test(value);
  const safe = formula ? `'${value}` : value;
  return formula || NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvLine(cells: string[]): string {
  return `${cells.join(',')}\r\n`;
}

/**
 * Whole lines of text cells as CSV (each through csvCell, CRLF after every line): for an area's own report.
 * `null` and `undefined` are empty cells; a number is written as it is (not defused: the writer's own counts).
 */
export function csvText(lines: readonly (readonly (string | number | null | undefined)[])[]): string {
  return lines
    .map((line) => csvLine(line.map((value) => (value === null || value === undefined ? '' : typeof value === 'number' ? csvCell(String(value), { text: false }) : csvCell(value)))))
    .join('');
}

/** The header: the field labels in declaration order, then ID (last: a first cell "ID" makes Excel think SYLK). */
export function csvHeader(resource: Resource): string {
  return csvLine([...resource.fields.map(([, field]) => csvCell(field.label)), 'ID']);
}

type Labels = Map<string, Map<number, string>>;

/** A value as people read it: pounds, Yes/No, a choice's label, a referenced row's label. */
function cellOf(field: FieldSpec, key: string, value: unknown, labels: Labels): string {
  if (value === null || value === undefined) return '';
  switch (field.kind) {
    case 'money':
      return csvCell(penceToPounds(Number(value)), { text: false });
    case 'integer':
      return csvCell(String(value), { text: false });
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'choice':
      return csvCell(field.choices?.find((choice) => choice.value === value)?.label ?? String(value));
    case 'reference':
      return csvCell(labels.get(key)?.get(Number(value)) ?? '');
    default:
      return csvCell(String(value));
  }
}

/** The label of every row a chunk's reference fields point at (deleted rows included: the export is history too). */
async function referenceLabels(
  db: Database,
  catalog: ResourceCatalog,
  resource: Resource,
  rows: Record<string, unknown>[],
): Promise<Labels> {
  const labels: Labels = new Map();
  for (const [key, field] of resource.fields) {
    const target = field.kind === 'reference' ? catalog.get(field.references?.resource ?? '') : undefined;
    if (!target || !field.references) continue;
    const ids = [...new Set(rows.map((row) => row[key]).filter((id): id is number => typeof id === 'number'))];
    if (!ids.length) continue;
    const labelKey = field.references.labelField;
    const labelField = target.spec.fields[labelKey];
    const found = await db
      .select({ id: columnOf(target, 'id'), label: columnOf(target, labelKey) })
      .from(target.table)
      .where(inArray(columnOf(target, 'id'), ids));
    labels.set(
      key,
      new Map(
        found.map((row) => {
          const raw = row.label;
          const label = labelField?.kind === 'choice' ? labelField.choices?.find((c) => c.value === raw)?.label : undefined;
          return [row.id as number, label ?? String(raw ?? '')];
        }),
      ),
    );
  }
  return labels;
}

/** The list's filtered, sorted rows as CSV text, header first, read EXPORT_CHUNK_ROWS at a time. */
export async function* exportCsv(
  db: Database,
  catalog: ResourceCatalog,
  resource: Resource,
  query: Pick<ListQuery, 'where' | 'orderBy'>,
  chunkRows = EXPORT_CHUNK_ROWS,
): AsyncGenerator<string> {
  yield csvHeader(resource);
  for (let offset = 0; ; offset += chunkRows) {
    const rows = await db
      .select()
      .from(resource.table)
      .where(query.where)
      .orderBy(...query.orderBy)
      .limit(chunkRows)
      .offset(offset);
    if (!rows.length) return;
    const labels = await referenceLabels(db, catalog, resource, rows);
    yield rows
      .map((row) => csvLine([...resource.fields.map(([key, field]) => cellOf(field, key, row[key], labels)), String(row.id)]))
      .join('');
    if (rows.length < chunkRows) return;
  }
}
