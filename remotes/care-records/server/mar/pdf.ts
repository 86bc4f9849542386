import { rgb, type PDFPage, type RGB } from 'pdf-lib';
import { A4, drawText, Flow, formatDate, INK, MUTED, newPdf, printable, RULE, textWidth, wrap } from '@hcm/server/platform';
import { gradientVariantOf, MEDICATION_ROUTES, slotLabel, slotName, SUPPORT_LEVELS, ukWallClock, type MarChart, type MarEntry } from '../../contract/index.js';

// The MAR chart printed (NICE NG67 asks for a record the home and the office can read alike): landscape grid
// pages — medicine and time down the side, the days across, each cell the outcome code on its colour (tinted, so
// the code stays readable in black and white), '!' for a gap — then portrait pages listing the PRN doses, the
// notes of doses not given or given outside their window, and the gaps.

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export const monthTitle = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

const labelOf = (choices: readonly { value: string; label: string }[], value: string) => choices.find((choice) => choice.value === value)?.label ?? value;
const GAP = rgb(0.71, 0.14, 0.09);

function colourOf(hex: string): RGB {
  const value = /^#([0-9a-f]{6})$/i.exec(hex)?.[1] ?? '777777';
  return rgb(parseInt(value.slice(0, 2), 16) / 255, parseInt(value.slice(2, 4), 16) / 255, parseInt(value.slice(4, 6), 16) / 255);
}

const whenText = (iso: string) => {
  const wall = ukWallClock(new Date(iso));
  return `${formatDate(wall.day)} ${wall.time}`;
};

/** The cell's text: the code, G-prefixed when given outside its window. */
export const cellCode = (entry: MarEntry) => (entry.outside_window ? gradientVariantOf(entry.code) : entry.code);

export async function marChartPdf(chart: MarChart): Promise<Uint8Array> {
  const title = `MAR chart: ${chart.client.name}, ${monthTitle(chart.month)}`;
  const { doc, fonts } = await newPdf(title);
  const [height, width] = A4; // landscape
  const left = 28;
  const nameColumn = 200;
  const dayWidth = (width - 2 * left - nameColumn) / chart.days.length;
  const rowHeight = 24;
  const colours = new Map(chart.codes.map((code) => [code.code, colourOf(code.colour)]));
  // Text goes through the platform's drawText: names in any script, Arabic set right to left.
  const put = (page: PDFPage, value: string, x: number, y: number, size = 8, bold = false, color = INK) =>
    drawText(page, value, { x, y, size, font: bold ? fonts.bold : fonts.regular, color });
  const centred = (page: PDFPage, value: string, x: number, cellWidth: number, y: number, size: number, bold = true, color = INK) => {
    const font = bold ? fonts.bold : fonts.regular;
    const text = printable(value, font);
    drawText(page, text, { x: x + (cellWidth - textWidth(text, font, size)) / 2, y, size, font, color });
  };

  const legend = chart.codes.map((code) => `${code.code} ${code.label}`).join('  ·  ');
  const startPage = () => {
    const page = doc.addPage([width, height]);
    let y = height - 34;
    put(page, title, left, y, 14, true);
    y -= 15;
    const { client } = chart;
    put(page, `Date of birth: ${formatDate(client.date_of_birth)}    NHS number: ${client.nhs_number || 'Not recorded'}    GP: ${client.gp_practice || 'Not recorded'}`, left, y, 8.5);
    y -= 12;
    for (const line of wrap(`Allergies: ${client.allergies || 'Not recorded'}`, fonts.bold, 8.5, width - 2 * left).slice(0, 2)) {
      put(page, line, left, y, 8.5, true);
      y -= 11;
    }
    y -= 4;
    page.drawRectangle({ x: left, y: y - 14, width: width - 2 * left, height: 14, color: rgb(0.93, 0.94, 0.96), borderColor: RULE, borderWidth: 0.5 });
    put(page, 'Medicine, dose and time', left + 3, y - 10, 7.5, true);
    chart.days.forEach((day, index) => centred(page, String(Number(day.slice(8))), left + nameColumn + index * dayWidth, dayWidth, y - 10, 6.5));
    const footer = wrap(`Codes: ${legend}. A G before a code: given outside its window. ! a gap: nothing recorded once the window had passed. Printed ${whenText(chart.generated_at)}.`, fonts.regular, 6.5, width - 2 * left);
    footer.slice(0, 3).forEach((line, index) => put(page, line, left, 26 - index * 8, 6.5, false, MUTED));
    return { page, y: y - 14 };
  };

  let { page, y } = startPage();
  const ensure = () => {
    if (y - rowHeight < 46) ({ page, y } = startPage());
  };
  const rowFrame = (lines: string[]) => {
    page.drawRectangle({ x: left, y: y - rowHeight, width: width - 2 * left, height: rowHeight, borderColor: RULE, borderWidth: 0.5 });
    lines.slice(0, 3).forEach((line, index) => put(page, line, left + 3, y - 8 - index * 7.5, index === 0 ? 7 : 6.2, index === 0));
    for (let index = 0; index <= chart.days.length; index += 1) {
      const x = left + nameColumn + index * dayWidth;
      page.drawLine({ start: { x, y }, end: { x, y: y - rowHeight }, thickness: 0.3, color: RULE });
    }
  };
  const describe = (medicine: string, strength: string, detail: string) => [
    ...wrap(`${medicine}${strength ? ` ${strength}` : ''}`, fonts.bold, 7, nameColumn - 6).slice(0, 1),
    ...wrap(detail, fonts.regular, 6.2, nameColumn - 6).slice(0, 2),
  ];

  if (!chart.rows.length && !chart.prn.length) put(page, 'No medicines are on the chart this month.', left + 3, y - 16, 9);
  for (const row of chart.rows) {
    ensure();
    const critical = row.time_critical ? ` TIME-CRITICAL (±${row.window_minutes ?? ''} min)` : '';
    rowFrame(describe(row.medicine, row.strength, `${slotLabel(row.slot)}: ${row.dose}, ${labelOf(MEDICATION_ROUTES, row.route)}, ${labelOf(SUPPORT_LEVELS, row.support_level).toLowerCase()}${critical}`));
    row.cells.forEach((cell, index) => {
      const x = left + nameColumn + index * dayWidth;
      if (cell.state === 'recorded') {
        const colour = colours.get(cell.entry.code) ?? MUTED;
        page.drawRectangle({ x: x + 0.6, y: y - rowHeight + 0.6, width: dayWidth - 1.2, height: rowHeight - 1.2, color: colour, opacity: 0.22 });
        const text = cellCode(cell.entry);
        centred(page, text, x, dayWidth, y - rowHeight / 2 - 2.5, text.length > 2 ? 5.2 : 6.5);
      } else if (cell.state === 'gap') {
        page.drawRectangle({ x: x + 0.6, y: y - rowHeight + 0.6, width: dayWidth - 1.2, height: rowHeight - 1.2, borderColor: GAP, borderWidth: 0.8 });
        centred(page, '!', x, dayWidth, y - rowHeight / 2 - 2.5, 8, true, GAP);
      } else if (cell.state === 'off') {
        page.drawLine({ start: { x: x + 2, y: y - rowHeight + 2 }, end: { x: x + dayWidth - 2, y: y - 2 }, thickness: 0.3, color: RULE });
      }
    });
    y -= rowHeight;
  }
  for (const row of chart.prn) {
    ensure();
    const limits = [row.max_doses ? `max ${row.max_doses} in 24 h` : '', row.min_gap_hours ? `${row.min_gap_hours} h apart` : ''].filter(Boolean).join(', ');
    rowFrame(describe(row.medicine, row.strength, `When needed: ${row.dose}${limits ? ` (${limits})` : ''}. ${row.prn_reason}`));
    row.days.forEach((entries, index) => {
      if (!entries.length) return;
      const x = left + nameColumn + index * dayWidth;
      // The day's doses: how many, and the first dose's code (the list after the grid has each one).
      centred(page, String(entries.length), x, dayWidth, y - 9, 7);
      centred(page, entries.map((entry) => entry.code).join('').slice(0, 3), x, dayWidth, y - 18, 5.2, false);
    });
    y -= rowHeight;
  }

  const flow = new Flow(doc, fonts, `${title}. Confidential: for the care of this person only.`);
  flow.text(`${title}: doses in detail`, { size: 15, bold: true, gap: 4 });
  const { totals } = chart;
  flow.text(`${totals.due} scheduled doses this month; ${totals.recorded} records (${totals.given} given, ${totals.not_given} not given); ${totals.gaps} gaps; ${totals.prn_doses} when-needed doses given; ${totals.outside_window} given outside their window.`, { gap: 4 });

  flow.heading('When-needed (PRN) doses');
  const prnEntries = chart.prn.flatMap((row) => row.days.flat().map((entry) => ({ row, entry })));
  if (!prnEntries.length) flow.text('None recorded this month.');
  for (const { row, entry } of prnEntries) {
    flow.text(`${whenText(entry.given_at)}  ${row.medicine}: ${entry.code}, ${entry.dose_given || row.dose}, by ${entry.by}`, { bold: true });
    flow.text(`Reason: ${entry.prn_reason || 'not recorded'}${entry.over_limit ? '. OVER THE LIMIT, given with a recorded reason.' : ''}${entry.note ? ` Note: ${entry.note}` : ''}`, { indent: 12, gap: 2, color: entry.over_limit ? GAP : INK });
  }

  flow.heading('Doses not given, given late or early, and notes');
  const noted = chart.rows.flatMap((row) =>
    row.cells.flatMap((cell, index) => (cell.state === 'recorded' && (cell.entry.note || cell.entry.outside_window || cell.entry.corrected) ? [{ row, day: chart.days[index]!, entry: cell.entry }] : [])),
  );
  if (!noted.length) flow.text('None this month.');
  for (const { row, day, entry } of noted) {
    flow.text(`${formatDate(day)} ${slotName(row.slot)}  ${row.medicine}: ${cellCode(entry)}, by ${entry.by} at ${whenText(entry.given_at)}${entry.corrected ? ' (a correction)' : ''}`, { bold: true });
    if (entry.note) flow.text(entry.note, { indent: 12, gap: 2 });
  }

  flow.heading('Gaps: nothing recorded once the window had passed');
  if (!chart.gaps.length) flow.text('No gaps this month.');
  for (const gap of chart.gaps) flow.text(`${formatDate(gap.day)} ${slotLabel(gap.slot)}  ${gap.medicine}${gap.time_critical ? ' (time-critical)' : ''}`, { color: GAP });
  return doc.save();
}
