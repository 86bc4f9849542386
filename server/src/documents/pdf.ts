import { displayValue, isShown, type DocumentField, type DocumentSpec, type DocumentValues } from '@hcm/contract/documents';
import { Flow, formatDate, MUTED, newPdf } from '../pdf/writer.js';
import type { DocumentView } from './service.js';
import { clock } from '@hcm/contract/time';

// Record documents printed by the server: one document (any version), or a bundle of every active document of
// an owner (a client's whole care plan). Withheld answers are printed as withheld, never as their content.

const STATUS_LABEL = { draft: 'Draft', active: 'Active', archived: 'Archived' } as const;

function writeDocument(flow: Flow, spec: DocumentSpec, view: DocumentView) {
  flow.text(spec.title, { size: 16, bold: true, gap: 2 });
  const facts = [
    `${STATUS_LABEL[view.status]}, version ${view.version}`,
    `last changed ${formatDate(view.updated_at)}${view.updated_by ? ` by ${view.updated_by}` : ''}`,
    view.review_date ? `review by ${formatDate(view.review_date)}${view.review_state ? ` (${view.review_state})` : ''}` : 'no review date',
  ];
  flow.text(facts.join(' · '), { size: 9, color: MUTED, gap: 2 });
  if (view.signed_off) flow.text(`Signed off by ${view.signed_off.name}, ${view.signed_off.role}, on ${formatDate(view.signed_off.at)}.`, { size: 9, color: MUTED, gap: 2 });
  if (view.results.length) {
    flow.heading('Results');
    for (const result of view.results) {
      const value = result.value === null ? 'not enough answered' : `${result.value}${result.unit ? ` ${result.unit}` : ''}`;
      flow.text(`${result.label}: ${value}${result.band ? `, ${result.band}` : ''}`, { bold: true });
      for (const action of result.actions ?? []) flow.text(`- ${action}`, { indent: 12 });
    }
  }
  for (const section of spec.sections) {
    flow.heading(section.title);
    for (const field of section.fields) writeField(flow, field, view);
  }
}

function writeField(flow: Flow, field: DocumentField, view: DocumentView) {
  if (view.withheld.includes(field.key)) {
    flow.text(`${field.label}: withheld (needs ${field.sensitivity ?? 'restricted'} access)`, { color: MUTED, gap: 1 });
    return;
  }
  if (!isShown(field, view.content)) return;
  const value = view.content[field.key];
  if (field.kind === 'rows' && Array.isArray(value) && value.length) {
    flow.text(`${field.label}:`, { bold: true });
    (value as DocumentValues[]).forEach((row, index) => {
      const cells = (field.columns ?? []).map((column) => `${column.label}: ${displayValue(column, row[column.key])}`);
      flow.text(`${index + 1}. ${cells.join('; ')}`, { indent: 12, gap: 1 });
    });
    return;
  }
  if (field.kind === 'long-text') {
    flow.text(`${field.label}:`, { bold: true });
    flow.text(displayValue(field, value), { indent: 12, gap: 2 });
    return;
  }
  flow.text(`${field.label}: ${displayValue(field, value)}`, { gap: 1 });
}

/** One document as a PDF. */
export async function documentPdf(spec: DocumentSpec, view: DocumentView, ownerName: string, now = clock.now()): Promise<Uint8Array> {
  const { doc, fonts } = await newPdf(`${spec.title}: ${ownerName}`);
  const flow = new Flow(doc, fonts, `${spec.title} for ${ownerName}, version ${view.version}, printed ${formatDate(now.toISOString())}. Confidential.`);
  flow.text(ownerName, { size: 12, bold: true, gap: 4 });
  writeDocument(flow, spec, view);
  return doc.save();
}

/** Several documents in one PDF, each from a new page, after a contents page. */
export async function documentsPdf(title: string, documents: readonly { spec: DocumentSpec; view: DocumentView }[], ownerName: string, now = clock.now()): Promise<Uint8Array> {
  const { doc, fonts } = await newPdf(`${title}: ${ownerName}`);
  const flow = new Flow(doc, fonts, `${title} for ${ownerName}, printed ${formatDate(now.toISOString())}. Confidential.`);
  flow.text(title, { size: 22, bold: true, gap: 2 });
  flow.text(ownerName, { size: 15, bold: true, gap: 8 });
  if (!documents.length) flow.text('No active documents yet.');
  flow.heading('Contents');
  for (const { spec, view } of documents) flow.text(`${spec.title} (version ${view.version}${view.review_date ? `, review by ${formatDate(view.review_date)}` : ''})`);
  for (const { spec, view } of documents) {
    flow.newPage();
    writeDocument(flow, spec, view);
  }
  return doc.save();
}
