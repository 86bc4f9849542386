import { hoursOf, type PayRunCarer } from '../../contract/pay.js';

// The payroll file of a pay run: one row per carer, hours as decimals, each pay element in pounds with two
// decimals; Holiday pay is rolled-up holiday pay (irregular-hours and part-year workers only), the last column says
// why it is or is not there. Text cells are defused against CSV injection (OWASP): a cell a spreadsheet would read as a formula
// gets a leading apostrophe, inside quotes, as the platform's resource exports do.

const FORMULA_START = /^ *[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** A text cell: quoted when it holds a separator or quote, defused when it starts like a formula. */
export function textCell(value: string): string {
  const formula = FORMULA_START.test(value);
  const safe = formula ? `'${value}` : value;
  return formula || NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Pounds with two decimals from pence, exact (no floating point): 123456 → "1234.56", -5 → "-0.05". */
export function poundsCell(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export const WAGES_HEADER = [
  'Payroll number',
  'Carer',
  'Period from',
  'Period to',
  'Care hours',
  'Travel hours',
  'Waiting hours',
  'Miles',
  'Care pay',
  'Enhancements',
  'Travel pay',
  'Waiting pay',
  'Mileage',
  'Holiday pay',
  'Gross pay',
  'Minimum wage shortfall',
  'Carer ID',
  'Holiday pay basis',
];

const line = (cells: string[]) => `${cells.join(',')}\r\n`;

/** The wages file (CSV, CRLF lines) of a run's carers. */
export function wagesCsv(period: { period_from: string; period_to: string }, carers: readonly PayRunCarer[]): string {
  const rows = [...carers]
    .sort((a, b) => a.carer_name.localeCompare(b.carer_name) || a.carer_id - b.carer_id)
    .map((carer) =>
      line([
        textCell(carer.payroll_number),
        textCell(carer.carer_name),
        period.period_from,
        period.period_to,
        hoursOf(carer.care_minutes),
        hoursOf(carer.travel_minutes),
        hoursOf(carer.waiting_minutes),
        (Math.round(carer.miles * 100) / 100).toFixed(2),
        poundsCell(carer.care_pence),
        poundsCell(carer.enhancement_pence),
        poundsCell(carer.travel_pence),
        poundsCell(carer.waiting_pence),
        poundsCell(carer.mileage_pence),
        poundsCell(carer.holiday_pence),
        poundsCell(carer.gross_pence),
        poundsCell(carer.shortfall_pence),
        String(carer.carer_id),
        textCell(carer.holiday_note),
      ]),
    );
  return line(WAGES_HEADER.map(textCell)) + rows.join('');
}
