import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, EmptyState, ErrorPanel, Loading, PageHeader, useCan, useRouteName } from '@hcm/kit';
import { useChat } from './chatStore';
import { ChatList } from './ChatList';
import { Conversation } from './Conversation';
import { NewChatDialog } from './NewChatDialog';
import styles from './chat.module.css';

/** Says so when the user may not chat (the API refuses them too). */
export function NoChatPermission() {
  return <ErrorPanel title="Chat is not available">Your role does not include chat. Ask an administrator for the chat permission.</ErrorPanel>;
}

/** Whether the chat socket is up, announced politely when it changes. */
export function ConnectionStatus() {
  const connected = useChat((state) => state.connected);
  return (
    <p role="status" className={styles.connection}>
      {connected ? 'Connected: messages arrive as they are sent.' : 'Connecting to chat…'}
    </p>
  );
}

/**
 * /app/chat (spec §2.2, §2.4): the chat list beside the open conversation, and "New chat". `?chat=<id>`
 * opens a chat (a desktop notification's click lands here).
 */
export function ChatPage() {
  useRouteName('Chat');
  const allowed = useCan()('chat.use');
  const [params] = useSearchParams();
  const requested = Number(params.get('chat')) || null;
  const chats = useChat((state) => state.chats);
  const chatsLoaded = useChat((state) => state.chatsLoaded);
  const chatsError = useChat((state) => state.chatsError);
  const online = useChat((state) => state.online);
  const openChatId = useChat((state) => state.openChatId);
  const openChat = useChat((state) => state.openChat);
  const closeChat = useChat((state) => state.closeChat);
  const loadChats = useChat((state) => state.loadChats);
  const [newChatOpen, setNewChatOpen] = useState(false);

  useEffect(() => {
    if (!allowed) return;
    void loadChats();
    if (requested) void openChat(requested);
    // Leaving the screen closes the chat, so its new messages count as unread again.
    return () => closeChat();
  }, [allowed, requested, loadChats, openChat, closeChat]);

  if (!allowed) return <NoChatPermission />;

  const handleCreated = (chatId: number) => {
    setNewChatOpen(false);
    void openChat(chatId);
  };
  const openedChat = chats.find((chat) => chat.chat_id === openChatId);

  return (
    <>
      <PageHeader
        title="Chat"
        actions={
          <div className={styles.conversationHeader}>
            <Link to="/app/chat-old">List view</Link>
            <Button onClick={() => setNewChatOpen(true)}>New chat</Button>
          </div>
        }
      />
      <ConnectionStatus />
      <div className={styles.layout}>
        <nav className={styles.panel} aria-label="Chat list">
          {chatsError ? <ErrorPanel title="Chats unavailable" onRetry={() => void loadChats()}>{chatsError}</ErrorPanel> : null}
          {!chatsLoaded && !chatsError ? <Loading label="Loading chats…" /> : null}
          {chatsLoaded && !chats.length ? <EmptyState>No chats yet. Start one with New chat.</EmptyState> : null}
          <ChatList chats={chats} online={online} openChatId={openChatId} onOpen={(chatId) => void openChat(chatId)} />
        </nav>
        {openedChat ? (
          <Conversation key={openedChat.chat_id} chat={openedChat} />
        ) : (
          <div className={styles.panel}>
            <EmptyState>{openChatId !== null && !chatsLoaded ? 'Opening the chat…' : 'Choose a chat, or start a new one.'}</EmptyState>
          </div>
        )}
      </div>
      <NewChatDialog open={newChatOpen} onClose={() => setNewChatOpen(false)} onCreated={handleCreated} />
    </>
  );
}
