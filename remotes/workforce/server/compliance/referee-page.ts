import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { and, eq, isNull } from 'drizzle-orm';
import { documentSchema, fieldErrorsOf, fieldsOf, isShown, type DocumentField, type DocumentValues } from '@hcm/contract/documents';
import { recordAudit, resultsOf, type AreaServerContext, type AuditScope, type AuditedRecordType } from '@hcm/server/platform';
import { carerDocument } from '../../contract/documents/index.js';
import { referenceRuleErrors } from '../../contract/documents/compliance.js';
import { carerDocuments, carerDocumentVersions, carersTable } from '../people/people-tables.js';
import { carerColumns } from '../people/visibility.js';
import { isThrottled, recordFailure, stateOf, tokenHash } from './references.js';
import { recomputeCompliance } from './service.js';
import { referenceRequests } from './tables.js';
import { clock } from '@hcm/contract/time';

// The referee's page, without an account: GET and POST /api/public/references/:requestId/:token. Server-rendered
// HTML that works without JavaScript: the 'reference' declaration's questions with their labels, hints and
// choices; a wrong answer comes back (422) with each field's error beside it and every typed value kept; a valid
// one becomes an active 'reference' document on the carer's file (saved by nobody: the referee), the request is
// marked used and the answer audited. An unknown, forged, used or expired link gets a page that names no carer.

export const REFEREE_AUDIT = 'carer-references';

/** The audited record type of reference requests and answers (record_id: the carer), declared by complianceRoutes. */
export const refereeAuditScope = (scope: AuditScope): AuditedRecordType => ({ resource: REFEREE_AUDIT, label: "Carers' references", scope });

const STYLE = [
  'body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;line-height:1.5;color:#1b1b1b;background:#f4f5f7;margin:0}',
  'main{max-width:44rem;margin:0 auto;padding:1.5rem 1rem 3rem;background:#fff}',
  'h1{font-size:1.75rem;margin:.5rem 0 1rem}h2{font-size:1.25rem;margin:2rem 0 .5rem;border-top:1px solid #ccc;padding-top:1rem}',
  'label,legend{display:block;font-weight:600;margin:.75rem 0 .25rem}fieldset{border:0;padding:0;margin:0}',
  'input[type=text],input[type=date],input[type=number],textarea{width:100%;box-sizing:border-box;padding:.5rem;border:2px solid #505a5f;font:inherit}',
  '.choice{display:flex;gap:.5rem;align-items:center;font-weight:400;margin:.25rem 0}.choice input{width:1.25rem;height:1.25rem}',
  '.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}',
  '.hint{color:#505a5f;display:block;margin:.1rem 0 .25rem}.error{color:#b10e1e;font-weight:700;display:block}',
  '.invalid input[type=text],.invalid input[type=date],.invalid textarea{border-color:#b10e1e}',
  '.summary{border:4px solid #b10e1e;padding:1rem;margin-bottom:1.5rem}.summary h2{border:0;padding:0;margin:0 0 .5rem}.summary a{color:#b10e1e}',
  'button{margin-top:2rem;padding:.75rem 1.5rem;font:inherit;font-weight:700;background:#00703c;color:#fff;border:0;box-shadow:0 2px 0 #002d18}',
  'button:focus,input:focus,textarea:focus,a:focus{outline:3px solid #fd0;outline-offset:0}',
].join('');
const STYLE_HASH = `sha256-${createHash('sha256').update(STYLE).digest('base64')}`;
/** The page may load nothing but its own inline style, post only to itself, and never be framed. */
const PAGE_CSP = `default-src 'none'; style-src '${STYLE_HASH}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

const escape = (text: unknown) =>
  String(text ?? '').replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

async function sendPage(reply: FastifyReply, status: number, title: string, body: string) {
  return reply.code(status).header('Content-Type', 'text/html; charset=utf-8').header('Content-Security-Policy', PAGE_CSP).send(page(title, body));
}

const LINK_PROBLEMS = {
  unknown: { status: 404, title: 'This link does not work', text: 'This reference link is not valid. Check that you copied the whole address from the email, or ask the care agency to send you a new link.' },
  used: { status: 410, title: 'This reference has already been given', text: 'A reference has already been sent through this link, so it cannot be used again. Thank you for your help. If you need to add something, contact the care agency.' },
  expired: { status: 410, title: 'This link has expired', text: 'This reference link is no longer open. Please contact the care agency and ask them to send you a new link.' },
  throttled: { status: 429, title: 'Too many attempts', text: 'There have been too many attempts to open reference links from your connection. Please wait ten minutes and try again.' },
} as const;

type Problem = keyof typeof LINK_PROBLEMS;

const problemPage = (reply: FastifyReply, problem: Problem) => {
  const { status, title, text } = LINK_PROBLEMS[problem];
  return sendPage(reply, status, title, `<h1>${escape(title)}</h1><p>${escape(text)}</p>`);
};

type OpenRequest = typeof referenceRequests.$inferSelect & { carer_name: string };

/** The request of a link, or why it cannot be used (a failure counted against the caller's address). */
async function requestOf(context: AreaServerContext, request: FastifyRequest): Promise<OpenRequest | Problem> {
  const { db } = context.auth;
  const ip = request.ip ?? 'unknown';
  if (await isThrottled(db, ip)) return 'throttled';
  const { requestId, token } = request.params as { requestId: string; token: string };
  const id = /^\d{1,9}$/.test(requestId) ? Number(requestId) : null;
  const valid = /^[A-Za-z0-9_-]{40,60}$/.test(token);
  const [row] =
    id && valid
      ? await db
          .select({ request: referenceRequests, first: carerColumns.first_name, last: carerColumns.last_name })
          .from(referenceRequests)
          .innerJoin(carersTable, eq(carerColumns.id, referenceRequests.carer_id))
          .where(eq(referenceRequests.id, id))
      : [];
  // Both are sha256 in hex (64 characters): compared in constant time.
  const hash = valid ? tokenHash(token) : null;
  if (!row || !hash || row.request.token_hash.length !== hash.length || !timingSafeEqual(Buffer.from(row.request.token_hash), Buffer.from(hash))) {
    await recordFailure(db, ip);
    return 'unknown';
  }
  if (row.request.answered_at) return 'used';
  if (stateOf(row.request) === 'expired') return 'expired';
  return { ...row.request, carer_name: `${String(row.first)} ${String(row.last)}` };
}

// ---- The form, from the declaration.

type Errors = Record<string, string[]>;

const fieldErrors = (errors: Errors, key: string) => Object.entries(errors).flatMap(([path, messages]) => (path === key || path.startsWith(`${key}.`) ? messages : []));

function renderField(field: DocumentField, values: Record<string, unknown>, errors: Errors): string {
  const id = `f-${field.key}`;
  const messages = fieldErrors(errors, field.key);
  const required = field.required ? (field.showWhen ? ' (needed if it applies)' : '') : ' (optional)';
  const condition = field.showWhen ? `Answer if you chose “${field.showWhen.equals.map((value) => (value === true ? 'Yes' : value === false ? 'No' : labelOfOption(values, field.showWhen!.field, value))).join('” or “')}” above. ` : '';
  const hintText = `${condition}${field.hint ?? ''}`.trim();
  const hint = hintText ? `<span class="hint" id="${id}-hint">${escape(hintText)}</span>` : '';
  const error = messages.length ? `<span class="error" id="${id}-error"><span class="visually-hidden">Error: </span>${escape(messages.join(' '))}</span>` : '';
  const described = [hintText ? `${id}-hint` : '', messages.length ? `${id}-error` : ''].filter(Boolean).join(' ');
  const aria = `${described ? ` aria-describedby="${described}"` : ''}${messages.length ? ' aria-invalid="true"' : ''}${field.required && !field.showWhen ? ' aria-required="true"' : ''}`;
  const value = values[field.key];
  const wrap = (inner: string) => `<div class="field${messages.length ? ' invalid' : ''}">${inner}</div>`;
  switch (field.kind) {
    case 'long-text':
      return wrap(`<label for="${id}">${escape(field.label)}${required}</label>${hint}${error}<textarea id="${id}" name="${field.key}" rows="5" maxlength="${field.maxLength ?? 8000}"${aria}>${escape(value)}</textarea>`);
    case 'date':
      return wrap(`<label for="${id}">${escape(field.label)}${required}</label>${hint}${error}<input type="date" id="${id}" name="${field.key}" value="${escape(value)}"${aria}>`);
    case 'number':
      return wrap(`<label for="${id}">${escape(field.label)}${required}</label>${hint}${error}<input type="number" id="${id}" name="${field.key}" value="${escape(value ?? '')}"${aria}>`);
    case 'choice':
    case 'scored':
    case 'yes-no': {
      const options = field.kind === 'yes-no' ? [{ value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }] : [...(field.options ?? [])];
      const chosen = field.kind === 'yes-no' ? (value === true || value === 'yes' ? 'yes' : value === false || value === 'no' ? 'no' : '') : String(value ?? '');
      const radios = options
        .map((option, index) => `<label class="choice" for="${id}-${index}"><input type="radio" id="${id}-${index}" name="${field.key}" value="${escape(option.value)}"${chosen === option.value ? ' checked' : ''}>${escape(option.label)}</label>`)
        .join('');
      return wrap(`<fieldset id="${id}"${aria}><legend>${escape(field.label)}${required}</legend>${hint}${error}${radios}</fieldset>`);
    }
    case 'signature': {
      const signature = (value ?? {}) as { name?: string; role?: string };
      return wrap(
        `<fieldset id="${id}"${aria}><legend>${escape(field.label)}${required}</legend><span class="hint" id="${id}-hint">Type your name and job title: this is your signature. The date and time are added when you send the form.</span>${error}` +
          `<label for="${id}-name">Your full name</label><input type="text" id="${id}-name" name="${field.key}.name" value="${escape(signature.name)}" autocomplete="name" maxlength="120">` +
          `<label for="${id}-role">Your job title</label><input type="text" id="${id}-role" name="${field.key}.role" value="${escape(signature.role)}" autocomplete="organization-title" maxlength="120"></fieldset>`,
      );
    }
    default:
      return wrap(`<label for="${id}">${escape(field.label)}${required}</label>${hint}${error}<input type="text" id="${id}" name="${field.key}" value="${escape(value)}" maxlength="${field.maxLength ?? 2000}"${aria}>`);
  }
}

function labelOfOption(_values: Record<string, unknown>, fieldKey: string, value: unknown): string {
  const spec = carerDocument('reference');
  const field = spec ? fieldsOf(spec).find((item) => item.key === fieldKey) : undefined;
  return field?.options?.find((option) => option.value === value)?.label ?? String(value);
}

function formPage(open: OpenRequest, values: Record<string, unknown>, errors: Errors, action: string): string {
  const spec = carerDocument('reference')!;
  const summary = Object.keys(errors).length
    ? `<div class="summary" role="alert" aria-labelledby="summary-title" tabindex="-1"><h2 id="summary-title">There is a problem</h2><ul>${fieldsOf(spec)
        .flatMap((field) => fieldErrors(errors, field.key).map((message) => `<li><a href="#f-${field.key}">${escape(message)}</a></li>`))
        .join('')}</ul></div>`
    : '';
  const sections = spec.sections
    .map((section) => `<h2>${escape(section.title)}</h2>${section.intro ? `<p>${escape(section.intro)}</p>` : ''}${section.fields.map((field) => renderField(field, values, errors)).join('')}`)
    .join('');
  return (
    `<h1>Reference for ${escape(open.carer_name)}</h1>` +
    `${summary}<p>${escape(open.carer_name)} has applied to work as a care worker and gave your name as a referee. Care workers look after adults who may be at risk, so the law asks us for evidence of their conduct in previous work. Please answer honestly: the applicant may ask to see what you write.</p>` +
    `<p>Questions marked (optional) may be left empty. Your answers are sent when you press the button at the end; the link then stops working.</p>` +
    `<form method="post" action="${escape(action)}" novalidate>${sections}<button type="submit">Send the reference</button></form>`
  );
}

/** What a posted form holds, typed as the declaration stores it (the signature built from its two inputs). */
function valuesFromForm(body: Record<string, unknown>, fields: readonly DocumentField[], now: Date): Record<string, unknown> {
  const text = (key: string) => {
    const value = body[key];
    return (Array.isArray(value) ? String(value[0] ?? '') : typeof value === 'string' ? value : '').slice(0, 10_000);
  };
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.kind === 'signature') {
      const name = text(`${field.key}.name`).trim();
      const role = text(`${field.key}.role`).trim();
      values[field.key] = name || role ? { name, role, signed_at: now.toISOString() } : null;
    } else if (field.kind === 'multi-choice' || field.kind === 'multi-scored') {
      const value = body[field.key];
      values[field.key] = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [];
    } else if (field.kind === 'rows' || field.kind === 'body-map') {
      values[field.key] = [];
    } else {
      values[field.key] = text(field.key);
    }
  }
  return values;
}

/** The referee's answer as the document stores it: fields that do not apply are left empty. */
function applicable(content: DocumentValues, fields: readonly DocumentField[]): DocumentValues {
  return Object.fromEntries(Object.entries(content).map(([key, value]) => {
    const field = fields.find((item) => item.key === key);
    return [key, field && !isShown(field, content) ? (field.kind === 'yes-no' || field.kind === 'signature' ? null : '') : value];
  }));
}

export async function refereeRoutes(app: FastifyInstance, context: AreaServerContext): Promise<void> {
  const { db } = context.auth;
  // A plain HTML form posts application/x-www-form-urlencoded (repeated names become a list).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    const form: Record<string, string | string[]> = {};
    for (const [key, value] of new URLSearchParams(String(body))) {
      const existing = form[key];
      form[key] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
    }
    done(null, form);
  });
  // The platform's API security headers forbid any style; this page's own CSP (set last) allows its inline style.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (String(reply.getHeader('Content-Type') ?? '').startsWith('text/html')) reply.header('Content-Security-Policy', PAGE_CSP);
    return payload;
  });

  app.get('/:requestId/:token', async (request, reply) => {
    const open = await requestOf(context, request);
    if (typeof open === 'string') return problemPage(reply, open);
    if (!open.opened_at) await db.update(referenceRequests).set({ opened_at: clock.now() }).where(eq(referenceRequests.id, open.id));
    return sendPage(reply, 200, `Reference for ${open.carer_name}`, formPage(open, { referee_name: open.referee_name, organisation: open.organisation }, {}, request.url));
  });

  app.post('/:requestId/:token', { config: { csrf: false } }, async (request, reply) => {
    const open = await requestOf(context, request);
    if (typeof open === 'string') return problemPage(reply, open);
    const spec = carerDocument('reference')!;
    const fields = fieldsOf(spec);
    const now = clock.now();
    const body = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : {};
    const typed = valuesFromForm(body, fields, now);
    const parsed = v.safeParse(documentSchema(spec, { complete: true }), typed);
    // The form's rules, then those across its fields (an employment cannot end before it began).
    const errors = { ...(parsed.success ? {} : fieldErrorsOf(parsed.issues)), ...(referenceRuleErrors(typed) ?? {}) };
    if (!parsed.success || Object.keys(errors).length) {
      return sendPage(reply, 422, `There is a problem – reference for ${open.carer_name}`, formPage(open, typed, errors, request.url));
    }
    const content = applicable(parsed.output as DocumentValues, fields);
    const stored = await db.transaction(async (tx) => {
      // One use: only the first answer marks the request (a double click or a race finds it answered).
      const [claimed] = await tx
        .update(referenceRequests)
        .set({ answered_at: now })
        .where(and(eq(referenceRequests.id, open.id), isNull(referenceRequests.answered_at)))
        .returning({ id: referenceRequests.id });
      if (!claimed) return null;
      const [document] = await tx
        .insert(carerDocuments)
        .values({ owner_id: open.carer_id, kind: spec.name, status: 'active', version: 1, created_at: now, updated_at: now, updated_by: null })
        .returning({ id: carerDocuments.id });
      await tx.insert(carerDocumentVersions).values({
        document_id: document!.id,
        version: 1,
        status: 'active',
        content,
        results: resultsOf(spec, content),
        note: `Answered by ${open.referee_name} through the emailed reference link.`,
        saved_by: null,
        saved_at: now,
      });
      await tx.update(referenceRequests).set({ document_id: document!.id }).where(eq(referenceRequests.id, open.id));
      await recordAudit(tx, {
        actor: { userId: null, actingUserId: null, healthProfessionalId: null, ip: request.ip ?? null },
        resource: REFEREE_AUDIT,
        recordId: open.carer_id,
        action: 'create',
        after: { reference_request_id: open.id, document_id: document!.id, answered_by: open.referee_name, via: 'referee link' },
      });
      // The reference counts at once, with the answer (not on a later read).
      await recomputeCompliance(tx, [open.carer_id]);
      return document!.id;
    });
    if (stored === null) return problemPage(reply, 'used');
    return sendPage(reply, 200, 'Thank you', `<h1>Thank you</h1><p>Your reference has been sent to the care agency. You can close this page.</p>`);
  });
}
