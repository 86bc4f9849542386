import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { can } from '@hcm/contract';
import { useSession } from '@hcm/kit';
import { connectChat, disconnectChat } from './chatSocket';
import { chatScreenPath, setChatNavigator } from './chatStore';

/**
 * Keeps the chat socket open while a user with chat.use is signed in: connects after login, reconnects for
 * another account after a switch, disconnects at logout (the layout unmounts, or the user is cleared).
 */
export function useChatConnection(): void {
  const navigate = useNavigate();
  const userId = useSession((state) => state.user?.userID ?? null);
  const allowed = useSession((state) => can(state.user, 'chat.use'));

  useEffect(() => setChatNavigator((chatId) => void navigate(chatScreenPath(chatId))), [navigate]);

  useEffect(() => {
    if (userId === null || !allowed) return;
    void connectChat(userId);
    return () => disconnectChat();
  }, [userId, allowed]);
}
