import type { SharedClientSummary } from '@hcm/contract/schemas';
import { Flow, formatDate, MUTED, newPdf } from '@hcm/server/platform';
import { clock } from '@hcm/contract/time';

// The two PDFs a health professional can open for a shared client, drawn on the server with pdf-lib:
// the care plan (the summary with headings) here; the month's MAR chart is the eMAR's, as recorded (../mar/pdf.ts).

export const clientName = (client: SharedClientSummary) => `${client.first_name} ${client.last_name}`.trim();

const SUPPORT: Record<string, string> = { prompt: 'Prompt', assist: 'Assist', administer: 'Administer' };

/** The care plan: who the client is, their needs, conditions, allergies, medicines and contacts. */
export async function carePlanPdf(client: SharedClientSummary, now = clock.now()): Promise<Uint8Array> {
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
export function marMonthOf(value: unknown, now = clock.now()): { year: number; month: number } | null {
  if (value === undefined || value === '') return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 };
  const match = typeof value === 'string' ? /^(\d{4})-(\d{2})$/.exec(value) : null;
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  return month >= 1 && month <= 12 && year >= 2000 && year <= 2100 ? { year, month } : null;
}


