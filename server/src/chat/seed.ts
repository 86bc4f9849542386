import { inArray } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import { chatMembers, chatMessageReads, chatMessages, chats, users } from '../db/schema.js';
import { clock } from '@hcm/contract/time';

type DemoMessage = { from: string; body: string; type?: 'TEXT' | 'UPDATE'; minutesAgo: number; readBy: string[] };
type DemoChat = { name: string; members: string[]; messages: DemoMessage[] };

const MANAGER = 'manager@homecare.test';
const OFFICE = 'office@homecare.test';
const ADMIN = 'admin@homecare.test';

/**
 * Two demo conversations, so the chat screens open on real ones: the manager and the office user (the last
 * message still unread by the office user), and a Camden team group everyone has read.
 */
export const DEMO_CHATS: readonly DemoChat[] = [
  {
    name: '',
    members: [MANAGER, OFFICE],
    messages: [
      { from: MANAGER, body: "Morning Oliver, can you cover the 2pm review at Mrs Ellison's? Her daughter will be there.", minutesAgo: 95, readBy: [OFFICE] },
      { from: OFFICE, body: "Yes, I'll take it and update the support plan straight after.", minutesAgo: 90, readBy: [MANAGER] },
      { from: MANAGER, body: 'Thanks. Her GP changed the warfarin dose on Friday: check the MAR chart matches the letter.', minutesAgo: 12, readBy: [] },
    ],
  },
  {
    name: 'Camden office team',
    members: [ADMIN, MANAGER, OFFICE],
    messages: [
      { from: ADMIN, type: 'UPDATE', body: 'Amira Admin created the group Camden office team', minutesAgo: 300, readBy: [MANAGER, OFFICE] },
      { from: ADMIN, body: 'Rota questions for Camden go here from now on, please.', minutesAgo: 299, readBy: [MANAGER, OFFICE] },
      { from: OFFICE, body: 'Noted. Two carers have asked to swap Saturday calls; I will confirm by noon.', minutesAgo: 240, readBy: [ADMIN, MANAGER] },
    ],
  },
];

/** Seeds the demo chats (inside the demo seed's transaction, after the users exist); unread counts match the reads. */
export async function seedDemoChats(tx: Transaction): Promise<void> {
  const emails = [...new Set(DEMO_CHATS.flatMap((chat) => chat.members))];
  const people = await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  const idOf = new Map(people.map((person) => [person.email, person.id]));
  if (idOf.size !== emails.length) return;
  const at = (minutesAgo: number) => new Date(clock.nowMs() - minutesAgo * 60_000);

  for (const demo of DEMO_CHATS) {
    const memberIds = demo.members.map((email) => idOf.get(email)!);
    const isGroup = demo.members.length > 2;
    const last = demo.messages[demo.messages.length - 1]!;
    const [chat] = await tx
      .insert(chats)
      .values({
        is_group: isGroup,
        name: demo.name,
        direct_key: isGroup ? null : [...memberIds].sort((a, b) => a - b).join(':'),
        created_by: idOf.get(demo.messages[0]!.from)!,
        created_at: at(demo.messages[0]!.minutesAgo),
        last_message_at: at(last.minutesAgo),
      })
      .returning({ id: chats.id });
    const unread = new Map(memberIds.map((id) => [id, 0]));
    for (const message of demo.messages) {
      const senderId = idOf.get(message.from)!;
      const [row] = await tx
        .insert(chatMessages)
        .values({
          chat_id: chat!.id,
          user_id: senderId,
          type: message.type ?? 'TEXT',
          body: message.body,
          created_at: at(message.minutesAgo),
          delivered_at: at(message.minutesAgo),
        })
        .returning({ id: chatMessages.id });
      const readers = message.readBy.map((email) => idOf.get(email)!);
      if (readers.length) {
        await tx.insert(chatMessageReads).values(readers.map((user_id) => ({ message_id: row!.id, user_id, read_at: at(message.minutesAgo) })));
      }
      if ((message.type ?? 'TEXT') === 'TEXT') {
        for (const id of memberIds) if (id !== senderId && !readers.includes(id)) unread.set(id, unread.get(id)! + 1);
      }
    }
    await tx.insert(chatMembers).values(memberIds.map((user_id) => ({ chat_id: chat!.id, user_id, unread_count: unread.get(user_id)!, joined_at: at(demo.messages[0]!.minutesAgo) })));
  }
}
