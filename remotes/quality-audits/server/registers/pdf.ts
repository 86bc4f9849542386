import { Flow, MUTED, formatDate, newPdf } from '@hcm/server/platform';
import { KIND_FIELDS, PERSON_TYPES, TOLD_PARTIES, labelOf, type RegisterRecord } from '../../contract/registers.js';
import { clock } from '@hcm/contract/time';

/**
 * A CQC notification's content as a PDF (the platform's writer): what the provider tells CQC, laid out as the
 * notification form asks it: the category, the event, the people, what was done, who was told, and its status.
 */
export async function notificationPdf(record: RegisterRecord): Promise<Uint8Array> {
  const category = KIND_FIELDS['cqc-notifications'].find((field) => field.name === 'category')!;
  const title = `CQC notification ${record.reference}`;
  const { doc, fonts } = await newPdf(title);
  const flow = new Flow(doc, fonts, `${title} - ${record.branch} - printed ${formatDate(clock.now().toISOString())}`);
  flow.text(title, { size: 18, bold: true, gap: 4 });
  flow.text(labelOf(category.options ?? [], record['category']), { size: 12, bold: true, gap: 2 });
  flow.text(
    record.status === 'submitted'
      ? `Submitted to CQC on ${formatDate(String(record['submitted_on'] ?? ''))}${record['cqc_reference'] ? `, CQC reference ${String(record['cqc_reference'])}` : ''}`
      : 'DRAFT - not yet submitted to CQC',
    { color: MUTED, gap: 6 },
  );

  flow.heading('The event');
  flow.field('Branch', record.branch);
  flow.field('Date of the event', `${formatDate(record.occurred_on)}${record.occurred_time ? ` at ${record.occurred_time}` : ''}`);
  flow.field('Reported by', record.reported_by);
  if (record.source_reference) flow.field('Our record', record.source_reference);
  flow.text('What happened', { bold: true });
  flow.text(record.summary, { gap: 4 });
  for (const field of KIND_FIELDS['cqc-notifications']) {
    if (['category', 'submitted_on', 'cqc_reference'].includes(field.name)) continue;
    if (field.showWhen && !field.showWhen.values.includes(String(record[field.showWhen.field] ?? ''))) continue;
    const value = record[field.name];
    const shown = field.kind === 'boolean' ? (value ? 'Yes' : 'No') : field.kind === 'date' ? formatDate(String(value ?? '')) : field.options ? labelOf(field.options, value) : String(value ?? '');
    flow.field(field.label, shown);
  }

  flow.heading('People involved');
  if (!record.people.length) flow.text('None recorded.', { color: MUTED });
  for (const person of record.people) flow.text(`${person.name} (${labelOf(PERSON_TYPES, person.person_type)})${person.role ? ` - ${person.role}` : ''}`);

  flow.heading('Action taken');
  flow.field('Immediate actions', record.immediate_actions);
  flow.field('Investigation', record.investigation);
  flow.field('Outcome', record.outcome);
  flow.field('Lessons learnt', record.lessons_learnt);

  flow.heading('Who was told and when');
  if (!record.told.length) flow.text('Nobody recorded.', { color: MUTED });
  for (const row of record.told)
    flow.text(`${labelOf(TOLD_PARTIES, row.party)}: ${formatDate(row.told_on)}${row.told_time ? ` ${row.told_time}` : ''} by ${row.by_whom}${row.reference ? ` (ref. ${row.reference})` : ''}`);
  return doc.save();
}
