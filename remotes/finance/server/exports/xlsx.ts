import { zip } from '@hcm/server/platform';
import { pounds, type ExportTable } from './formats.js';

// A minimal valid .xlsx (Office Open XML SpreadsheetML): the content types, the package and workbook
// relationships, a workbook, one worksheet per sheet and a style sheet with a date and a money format. Text is
// written as inline strings (no shared-string table); money as a decimal with two places, exact from pence.
// A cell typed as text is never a formula in a workbook, so nothing here can be run by a spreadsheet.

export type Sheet = { name: string; table: ExportTable };

/** Whether XML 1.0 can hold the character at all (not control characters other than tab, CR and LF). */
const xmlChar = (char: string) => {
  const code = char.charCodeAt(0);
  return code === 0x09 || code === 0x0a || code === 0x0d || (code >= 0x20 && code !== 0xfffe && code !== 0xffff);
};

const escapeXml = (text: string) =>
  [...text]
    .filter(xmlChar)
    .join('')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

/** A1-style column letters: 0 → A, 25 → Z, 26 → AA. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** Days since 1899-12-30 (Excel's serial date) for YYYY-MM-DD. */
function serialDate(day: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000);
}

// Style indexes of styles.xml's cellXfs: 0 default, 1 bold header, 2 date dd/mm/yyyy, 3 money #,##0.00.
const HEADER = 1;
const DATE = 2;
const MONEY = 3;

function cellXml(reference: string, value: string | number | null, kind: ExportTable['columns'][number]['kind']): string {
  if (value === null || value === '') return '';
  if (kind === 'money') return `<c r="${reference}" s="${MONEY}"><v>${pounds(Number(value))}</v></c>`;
  if (kind === 'number') return `<c r="${reference}"><v>${Number(value)}</v></c>`;
  if (kind === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(String(value))) return `<c r="${reference}" s="${DATE}"><v>${serialDate(String(value))}</v></c>`;
  return `<c r="${reference}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(String(value))}</t></is></c>`;
}

function sheetXml(table: ExportTable): string {
  const header = `<row r="1">${table.columns.map((column, index) => `<c r="${columnLetters(index)}1" t="inlineStr" s="${HEADER}"><is><t>${escapeXml(column.header)}</t></is></c>`).join('')}</row>`;
  const rows = table.rows.map((row, rowIndex) => {
    const r = rowIndex + 2;
    return `<row r="${r}">${table.columns.map((column, index) => cellXml(`${columnLetters(index)}${r}`, row[index] ?? null, column.kind)).join('')}</row>`;
  });
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${header}${rows.join('')}</sheetData></worksheet>`;
}

const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>`;

/** A sheet name Excel accepts: at most 31 characters, none of : \ / ? * [ ]. */
const sheetName = (name: string) => name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet';

/** The workbook as .xlsx bytes. */
export function xlsxOf(sheets: readonly Sheet[]): Buffer {
  const list = sheets.length ? sheets : [{ name: 'Sheet1', table: { columns: [], rows: [] } }];
  const overrides = list.map((_, index) => `<Override PartName="/xl/worksheets/sheet${index + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('');
  return zip([
    {
      path: '[Content_Types].xml',
      content: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${overrides}</Types>`,
    },
    {
      path: '_rels/.rels',
      content: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      path: 'xl/workbook.xml',
      content: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${list.map((sheet, index) => `<sheet name="${escapeXml(sheetName(sheet.name))}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`).join('')}</sheets></workbook>`,
    },
    {
      path: 'xl/_rels/workbook.xml.rels',
      content: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${list.map((_, index) => `<Relationship Id="rId${index + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${index + 1}.xml"/>`).join('')}<Relationship Id="rId${list.length + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    },
    { path: 'xl/styles.xml', content: STYLES },
    ...list.map((sheet, index) => ({ path: `xl/worksheets/sheet${index + 1}.xml`, content: sheetXml(sheet.table) })),
  ]);
}
