import { Link } from 'react-router-dom';
import { useCan, useSession } from '@hcm/kit';
import { UnreadBadge } from './ChatList';
import styles from './chat.module.css';

/** The header's "Chat" entry with the current user's unread count (userUnreadMessageCount, kept true by the chat store). */
export function ChatHeaderLink() {
  const allowed = useCan()('chat.use');
  const unread = useSession((state) => state.user?.userUnreadMessageCount ?? 0);
  if (!allowed) return null;
  return (
    <Link to="/app/chat" className={styles.headerLink}>
      Chat{' '}
      <UnreadBadge count={unread} className={styles.headerBadge} />
    </Link>
  );
}
