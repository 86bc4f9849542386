/**
 * An RFC 4180 CSV parser: fields separated by commas, records by CRLF or LF; a field in double quotes may hold
 * commas, line breaks and doubled quotes (""). A UTF-8 byte-order mark is dropped, a final line break ends the
 * last record, and wholly empty lines are skipped. Each record comes with the line of the file it starts on.
 * A quote left open at the end of the file is an error (thrown as CsvError with its line).
 */
export class CsvError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

export type CsvRecord = { line: number; cells: string[] };

export function parseCsv(text: string): CsvRecord[] {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let afterQuote = false;
  let line = 1;
  let recordLine = 1;
  let quoteLine = 1;
  const endRecord = () => {
    cells.push(cell);
    if (!(cells.length === 1 && cells[0] === '')) records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
    afterQuote = false;
  };
  for (let index = 0; index < input.length; index += 1) {
    const char = input[index]!;
    if (quoted) {
      if (char === '"') {
        if (input[index + 1] === '"') {
          cell += '"';
          index += 1;
        } else {
          quoted = false;
          afterQuote = true;
        }
      } else {
        if (char === '\n') line += 1;
        cell += char;
      }
      continue;
    }
    if (char === '"' && cell === '' && !afterQuote) {
      quoted = true;
      quoteLine = line;
    } else if (char === ',') {
      cells.push(cell);
      cell = '';
      afterQuote = false;
    } else if (char === '\r' && input[index + 1] === '\n') {
      continue;
    } else if (char === '\n' || char === '\r') {
      endRecord();
      line += 1;
      recordLine = line;
    } else if (afterQuote) {
      throw new CsvError(`Line ${line}: text after a closing quote; a quote inside a quoted field is written twice ("").`, line);
    } else {
      cell += char;
    }
  }
  if (quoted) throw new CsvError(`Line ${quoteLine}: a quoted field is never closed.`, quoteLine);
  if (cell !== '' || cells.length) endRecord();
  return records;
}
