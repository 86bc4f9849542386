import type { HealthProfessionalPdfType, SharedClientSummary } from '@hcm/contract/schemas';
import { rgb, type PDFPage } from 'pdf-lib';
import { A4, Flow, formatDate, INK, MUTED, newPdf, printable, RULE, wrap } from '@hcm/server/platform';

// The writing helpers are the platform's (server/src/pdf/writer.ts); re-exported for this area's other PDFs.
export { Flow, formatDate, newPdf, printable, wrap } from '@hcm/server/platform';

// The two PDFs a health professional can open for a shared client, drawn on the server with pdf-lib:
// the care plan (the summary with headings) and the month's MAR chart (medicines × days, blank cells).

export const clientName = (client: SharedClientSummary) => `${client.first_name} ${client.last_name}`.trim();

const SUPPORT: Record<string, string> = { prompt: 'Prompt', assist: 'Assist', administer: 'Administer' };

/** The care plan: who the client is, their needs, conditions, allergies, medicines and contacts. */
export async function carePlanPdf(client: SharedClientSummary, now = new Date()): Promise<Uint8Array> {
  const name = clientName(client);
  const { doc, fonts } = await newPdf(`Care plan: ${name}`);
  const flow = new Flow(doc, fonts, `Care plan for ${name}, printed ${formatDate(now.toISOString())}. Confidential: shared for the care of this person only.`);

  flow.text('Care plan', { size: 20, bold: true, gap: 2 });
  flow.text(name, { size: 15, bold: true, gap: 6 });
  if (client.preferred_name) flow.field('Likes to be called', client.preferred_name);
  flow.field('Date of birth', formatDate(client.date_of_birth));
  flow.field('NHS number', client.nhs_number);
  flow.field('GP practice', client.gp_practice);

  const section = (title: string, body: string) => {
    flow.heading(title);
    flow.text(body || 'Not recorded.');
  };
  section('Care needs', client.care_needs);
  section('Medical conditions', client.medical_conditions);
  section('Allergies', client.allergies);
  section('Communication needs', client.communication_needs);

  flow.heading('Current medications');
  if (client.medications.length === 0) flow.text('None recorded.');
  for (const med of client.medications) {
    flow.text(`${med.name}${med.as_needed ? ' (as needed)' : ''}`, { bold: true });
    flow.text(`${med.dose}, ${med.frequency}. Support: ${SUPPORT[med.support_level] ?? med.support_level}. Since ${formatDate(med.start_date)}${med.stop_date ? `, review or stop ${formatDate(med.stop_date)}` : ''}.`, { indent: 12 });
    if (med.instructions) flow.text(med.instructions, { indent: 12, color: MUTED });
    flow.y -= 4;
  }

  flow.heading('Contacts');
  if (client.contacts.length === 0) flow.text('None recorded.');
  for (const contact of client.contacts) {
    const roles = [contact.next_of_kin ? 'next of kin' : '', contact.lasting_power_of_attorney ? 'lasting power of attorney' : ''].filter(Boolean);
    flow.text(`${contact.name} (${contact.relationship.replace(/-/g, ' ')}${roles.length ? `; ${roles.join(', ')}` : ''})`, { bold: true });
    flow.text([contact.phone, contact.email].filter(Boolean).join(' · ') || 'No phone or email recorded.', { indent: 12, gap: 3 });
  }
  return doc.save();
}

/** The month a MAR chart covers: 'YYYY-MM', defaulting to the current month. */
export function marMonthOf(value: unknown, now = new Date()): { year: number; month: number } | null {
  if (value === undefined || value === '') return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 };
  const match = typeof value === 'string' ? /^(\d{4})-(\d{2})$/.exec(value) : null;
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  return month >= 1 && month <= 12 && year >= 2000 && year <= 2100 ? { year, month } : null;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * The MAR chart for a month: the client's details on top, then one row per current medicine and one column
 * per day. Cells are blank: administrations are recorded with the MAR module of a later issue.
 */
export async function marChartPdf(client: SharedClientSummary, period: { year: number; month: number }): Promise<Uint8Array> {
  const name = clientName(client);
  const monthLabel = `${MONTHS[period.month - 1]} ${period.year}`;
  const { doc, fonts } = await newPdf(`MAR chart: ${name}, ${monthLabel}`);
  const [height, width] = A4; // landscape
  const days = new Date(Date.UTC(period.year, period.month, 0)).getUTCDate();
  const left = 36;
  const nameColumn = 190;
  const dayWidth = (width - 2 * left - nameColumn) / days;
  const rowHeight = 30;
  const put = (page: PDFPage, value: string, x: number, y: number, size = 9, bold = false, color = INK) =>
    page.drawText(printable(value, bold ? fonts.bold : fonts.regular), { x, y, size, font: bold ? fonts.bold : fonts.regular, color });

  const startPage = () => {
    const page = doc.addPage([width, height]);
    let y = height - 40;
    put(page, `MAR chart: ${monthLabel}`, left, y, 16, true);
    y -= 20;
    put(page, name, left, y, 12, true);
    y -= 15;
    const details = `Date of birth: ${formatDate(client.date_of_birth)}    NHS number: ${client.nhs_number || 'Not recorded'}    GP: ${client.gp_practice || 'Not recorded'}`;
    put(page, details, left, y, 9);
    y -= 13;
    for (const line of wrap(`Allergies: ${client.allergies || 'Not recorded'}`, fonts.bold, 9, width - 2 * left).slice(0, 2)) {
      put(page, line, left, y, 9, true);
      y -= 12;
    }
    y -= 8;
    // The header row: medicine, then the day numbers.
    page.drawRectangle({ x: left, y: y - 16, width: width - 2 * left, height: 16, color: rgb(0.93, 0.94, 0.96), borderColor: RULE, borderWidth: 0.5 });
    put(page, 'Medicine, dose and times', left + 4, y - 11, 8, true);
    for (let day = 1; day <= days; day += 1) {
      const x = left + nameColumn + (day - 1) * dayWidth;
      put(page, String(day), x + (dayWidth - fonts.bold.widthOfTextAtSize(String(day), 7)) / 2, y - 11, 7, true);
    }
    const footnote =
      'Blank cells: administrations are not yet recorded in this system (they arrive with the MAR module). Codes when filled by hand: initials = given, R = refused, N = not required, H = in hospital.';
    put(page, footnote, left, 20, 7, false, MUTED);
    return { page, y: y - 16 };
  };

  let { page, y } = startPage();
  const rows = client.medications.length ? client.medications : null;
  if (!rows) {
    put(page, 'No current medications are recorded for this client.', left + 4, y - 18, 10);
  }
  for (const med of rows ?? []) {
    if (y - rowHeight < 36) ({ page, y } = startPage());
    page.drawRectangle({ x: left, y: y - rowHeight, width: width - 2 * left, height: rowHeight, borderColor: RULE, borderWidth: 0.5 });
    const lines = wrap(`${med.name}${med.as_needed ? ' (PRN)' : ''}`, fonts.bold, 8, nameColumn - 8).slice(0, 1);
    lines.push(...wrap(`${med.dose}, ${med.frequency}`, fonts.regular, 7, nameColumn - 8).slice(0, 2));
    lines.forEach((line, index) => put(page, line, left + 4, y - 10 - index * 8.5, index === 0 ? 8 : 7, index === 0));
    for (let day = 0; day <= days; day += 1) {
      const x = left + nameColumn + day * dayWidth;
      page.drawLine({ start: { x, y }, end: { x, y: y - rowHeight }, thickness: 0.4, color: RULE });
    }
    y -= rowHeight;
  }
  return doc.save();
}

export async function pdfFor(type: HealthProfessionalPdfType, client: SharedClientSummary, month: { year: number; month: number }): Promise<Uint8Array> {
  return type === 'care-plan' ? carePlanPdf(client) : marChartPdf(client, month);
}
