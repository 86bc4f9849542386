import type { MailOutboxAttachment, MailOutboxMessage, MailOutboxSummary } from '@hcm/contract/schemas';
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { mailOutbox, mailOutboxAttachments } from '../db/schema.js';
import { ok, sendError } from '../http/envelope.js';
import { pageOf, pageOffset, parsePaging } from '../http/paging.js';
import { parseId } from '../http/params.js';

const VIEW = { config: { permission: 'mail.outbox.view' as const } };
const NOT_FOUND = 'No such message.';

const summaryColumns = {
  id: mailOutbox.id,
  to_address: mailOutbox.to_address,
  subject: mailOutbox.subject,
  transport: mailOutbox.transport,
  status: mailOutbox.status,
  created_at: mailOutbox.created_at,
  sent_at: mailOutbox.sent_at,
};

type Query = { page?: string; page_size?: string; search?: string };

/** `%`, `_` and `\` match themselves in a search. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

type StoredSummary = Omit<MailOutboxSummary, 'created_at' | 'sent_at'> & { created_at: Date; sent_at: Date | null };

function toSummary(row: StoredSummary): MailOutboxSummary {
  const { id, to_address, subject, transport, status } = row;
  return { id, to_address, subject, transport, status, created_at: row.created_at.toISOString(), sent_at: iso(row.sent_at) };
}

/**
 * Under /api/v1, for mail.outbox.view: every email the product has sent or stored, newest first; one message with
 * the files it carries (GET /mail-outbox/:id/attachments/:position answers a file's bytes as it was sent).
 */
export async function outboxRoutes(app: FastifyInstance, options: { db: Database }): Promise<void> {
  const { db } = options;

  app.get<{ Querystring: Query }>('/mail-outbox', VIEW, async (request) => {
    const paging = parsePaging(request.query);
    const search = request.query.search?.trim().slice(0, 200);
    const where: SQL | undefined = search
      ? or(ilike(mailOutbox.to_address, likePattern(search)), ilike(mailOutbox.subject, likePattern(search)))
      : undefined;
    const [rows, [{ total } = { total: 0 }]] = await Promise.all([
      db
        .select(summaryColumns)
        .from(mailOutbox)
        .where(where)
        .orderBy(desc(mailOutbox.created_at), desc(mailOutbox.id))
        .limit(paging.pageSize)
        .offset(pageOffset(paging)),
      db.select({ total: count() }).from(mailOutbox).where(where),
    ]);
    return ok(pageOf<MailOutboxSummary>(rows.map(toSummary), total, paging));
  });

  app.get<{ Params: { id: string } }>('/mail-outbox/:id', VIEW, async (request, reply) => {
    const id = parseId(request.params.id);
    const [row] = id === null ? [] : await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    if (!row) return sendError(reply, 404, NOT_FOUND);
    const attachments: MailOutboxAttachment[] = await db
      .select({
        position: mailOutboxAttachments.position,
        filename: mailOutboxAttachments.filename,
        content_type: mailOutboxAttachments.content_type,
        size: sql<number>`octet_length(${mailOutboxAttachments.content})::int`,
      })
      .from(mailOutboxAttachments)
      .where(eq(mailOutboxAttachments.mail_id, row.id))
      .orderBy(asc(mailOutboxAttachments.position));
    const message: MailOutboxMessage = { ...toSummary(row), text_body: row.text_body, html_body: row.html_body, error: row.error, attachments };
    return ok(message);
  });

  app.get<{ Params: { id: string; position: string } }>('/mail-outbox/:id/attachments/:position', VIEW, async (request, reply) => {
    const id = parseId(request.params.id);
    const position = /^\d{1,3}$/.test(request.params.position) ? Number(request.params.position) : null;
    const [file] =
      id === null || position === null
        ? []
        : await db
            .select()
            .from(mailOutboxAttachments)
            .where(and(eq(mailOutboxAttachments.mail_id, id), eq(mailOutboxAttachments.position, position)));
    if (!file) return sendError(reply, 404, 'No such attachment.');
    return reply
      .header('Content-Type', file.content_type)
      .header('Content-Disposition', `attachment; filename="${file.filename.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'no-store')
      .send(Buffer.from(file.content));
  });
}
