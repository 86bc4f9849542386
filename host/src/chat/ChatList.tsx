import type { ChatListItem } from '@hcm/contract';
import { isChatOnline } from './chatStore';
import styles from './chat.module.css';

/** The online/offline dot of a one-to-one chat, named for assistive technology. */
export function PresenceDot({ online }: { online: boolean }) {
  return <span role="img" aria-label={online ? 'Online' : 'Offline'} className={`${styles.dot} ${online ? styles.online : ''}`} />;
}

/** An unread count, read out as "3 unread messages". */
export function UnreadBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span className={className}>
      <span aria-hidden="true">{count}</span>
      <span className={styles.visuallyHidden}>{count === 1 ? '1 unread message' : `${count} unread messages`}</span>
    </span>
  );
}

type ChatListProps = {
  chats: readonly ChatListItem[];
  online: ReadonlySet<number>;
  openChatId: number | null;
  onOpen: (chatId: number) => void;
};

/**
 * The chat list (spec §3, §4): most recent first, each with presence (one-to-one chats), unread count and
 * preview. Each chat is a button; the dot and the badge sit beside it so screen readers reach them too.
 */
export function ChatList({ chats, online, openChatId, onOpen }: ChatListProps) {
  return (
    <ul className={styles.chatList} aria-label="Chats">
      {chats.map((chat) => {
        const selected = chat.chat_id === openChatId;
        return (
          <li key={chat.chat_id} className={`${styles.chatItem} ${selected ? styles.selected : ''}`}>
            {chat.is_group ? (
              <span className={styles.groupMark} aria-label="Group" role="img">
                ●●
              </span>
            ) : (
              <PresenceDot online={isChatOnline(chat, online)} />
            )}
            <button type="button" className={styles.chatButton} aria-current={selected ? 'true' : undefined} onClick={() => onOpen(chat.chat_id)}>
              {chat.name}
            </button>
            <UnreadBadge count={chat.unread_message_count} className={styles.badge} />
            <p className={styles.preview}>{chat.preview}</p>
          </li>
        );
      })}
    </ul>
  );
}
