import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState, ErrorPanel, Loading, PageHeader, useCan, useRouteName } from '@hcm/kit';
import { chatScreenPath, isChatOnline, useChat } from './chatStore';
import { PresenceDot, UnreadBadge } from './ChatList';
import { ConnectionStatus, NoChatPermission } from './ChatPage';
import styles from './chat.module.css';

/** /app/chat-old (spec §2.2): the same chats as a plain table, each linking to the chat screen. */
export function ChatOldPage() {
  useRouteName('Chat (list)');
  const allowed = useCan()('chat.use');
  const chats = useChat((state) => state.chats);
  const chatsLoaded = useChat((state) => state.chatsLoaded);
  const chatsError = useChat((state) => state.chatsError);
  const online = useChat((state) => state.online);
  const loadChats = useChat((state) => state.loadChats);

  useEffect(() => {
    if (allowed) void loadChats();
  }, [allowed, loadChats]);

  if (!allowed) return <NoChatPermission />;
  return (
    <>
      <PageHeader title="Chats" actions={<Link to="/app/chat">Chat screen</Link>} />
      <ConnectionStatus />
      <div className={styles.panel}>
        {chatsError ? <ErrorPanel title="Chats unavailable" onRetry={() => void loadChats()}>{chatsError}</ErrorPanel> : null}
        {!chatsLoaded && !chatsError ? <Loading label="Loading chats…" /> : null}
        {chatsLoaded && !chats.length ? <EmptyState>No chats yet.</EmptyState> : null}
        {chats.length ? (
          <table className={styles.table}>
            <caption className={styles.visuallyHidden}>Your chats, most recent first</caption>
            <thead>
              <tr>
                <th scope="col">Chat</th>
                <th scope="col">Status</th>
                <th scope="col">Last message</th>
                <th scope="col">Unread</th>
              </tr>
            </thead>
            <tbody>
              {chats.map((chat) => (
                <tr key={chat.chat_id}>
                  <td>
                    <Link to={chatScreenPath(chat.chat_id)}>{chat.name}</Link>
                  </td>
                  <td>{chat.is_group ? 'Group' : <PresenceDot online={isChatOnline(chat, online)} />}</td>
                  <td>{chat.preview}</td>
                  <td>
                    <UnreadBadge count={chat.unread_message_count} className={styles.headerBadge} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </div>
    </>
  );
}
