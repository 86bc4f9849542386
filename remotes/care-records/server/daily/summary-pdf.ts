import { rgb } from 'pdf-lib';
import { type CareNoteSummary } from '../../contract/index.js';
import { drawText, Flow, formatDate, newPdf } from '@hcm/server/platform';
import { clock } from '@hcm/contract/time';

// The care-note summary as a PDF for the file or a review meeting: counts per category, the concerns raised and
// who they were escalated to, and each day's fluids and meals as a table and a bar chart. The chart is black on
// white with the value written beside each bar, so it reads without colour and on a photocopy.

const DARK = rgb(0.2, 0.2, 0.22);
const LIGHT = rgb(0.85, 0.86, 0.88);

export async function careNoteSummaryPdf(clientName: string, summary: CareNoteSummary, now = clock.now()): Promise<Uint8Array> {
  const period = `${formatDate(summary.from)} to ${formatDate(summary.to)}`;
  const { doc, fonts } = await newPdf(`Care note summary: ${clientName}, ${period}`);
  const flow = new Flow(doc, fonts, `Care note summary for ${clientName}, ${period}. Printed ${formatDate(now.toISOString())}. Confidential.`);

  flow.text('Care note summary', { size: 20, bold: true, gap: 2 });
  flow.text(clientName, { size: 15, bold: true, gap: 2 });
  flow.text(`${period}: ${summary.total_notes} notes`, { gap: 6 });

  flow.heading('Notes by category');
  for (const category of summary.by_category) flow.field(category.label, String(category.count));

  flow.heading(`Concerns raised: ${summary.concerns.length}, escalated: ${summary.concerns_escalated}`);
  if (summary.concerns.length === 0) flow.text('No concerns were raised in this period.');
  for (const concern of summary.concerns) {
    flow.text(`${formatDate(concern.visit_date)} · ${concern.category_label} · ${concern.author_name}`, { bold: true });
    flow.text(concern.note, { indent: 12 });
    flow.text(`Escalated to: ${concern.escalated_to || 'not recorded'}`, { indent: 12, gap: 4 });
  }

  flow.heading('Fluids and meals per day');
  const columns = [0, 110, 220, 330, 420];
  const header = ['Day', 'Fluids (ml)', 'Meals eaten', 'Notes', 'Concerns'];
  const drawRow = (cells: string[], bold = false) => {
    flow.ensure(14);
    flow.y -= 13;
    cells.forEach((cell, index) => drawText(flow.page, cell, { x: 48 + columns[index]!, y: flow.y, size: 9, font: bold ? fonts.bold : fonts.regular, color: DARK }));
  };
  drawRow(header, true);
  for (const day of summary.days) {
    drawRow([formatDate(day.date), String(day.fluid_ml), `${day.meals_eaten} of ${day.meals_offered}`, String(day.notes), String(day.concerns)]);
  }

  // The chart: one bar per day, its length the fluids taken, the figure written at its end.
  flow.heading('Fluids per day (chart)');
  const most = Math.max(1, ...summary.days.map((day) => day.fluid_ml));
  const barSpace = flow.width - 120;
  for (const day of summary.days) {
    flow.ensure(12);
    flow.y -= 11;
    drawText(flow.page, formatDate(day.date), { x: 48, y: flow.y, size: 8, font: fonts.regular, color: DARK });
    const length = Math.round((day.fluid_ml / most) * barSpace);
    flow.page.drawRectangle({ x: 110, y: flow.y - 1, width: barSpace, height: 8, color: LIGHT });
    if (length > 0) flow.page.drawRectangle({ x: 110, y: flow.y - 1, width: length, height: 8, color: DARK });
    drawText(flow.page, `${day.fluid_ml} ml`, { x: 114 + barSpace, y: flow.y, size: 8, font: fonts.bold, color: DARK });
  }
  return doc.save();
}
