/**
 * Desktop notifications for chat (spec §5, §8): permission is asked only when it is not already denied;
 * without the Notification API the browser gets a console error and nothing else happens.
 */

export const NO_NOTIFICATIONS = 'This browser does not support desktop notifications.';

function notificationApi(): typeof Notification | undefined {
  return typeof window !== 'undefined' && 'Notification' in window ? window.Notification : undefined;
}

/** Asks for permission unless the user has denied it (or already granted it). */
export async function requestNotificationPermission(): Promise<NotificationPermission | undefined> {
  const api = notificationApi();
  if (!api) {
    console.error(NO_NOTIFICATIONS);
    return undefined;
  }
  if (api.permission === 'denied' || api.permission === 'granted') return api.permission;
  return api.requestPermission();
}

/** The title of a chat notification (§8). */
export const chatNotificationTitle = (name: string) => `You have a new message from ${name}`;

/**
 * Shows "You have a new message from {name}" with the preview as body, when permission is granted. It does
 * not require interaction (it goes away by itself); clicking it focuses this window and calls `onClick`.
 */
export function showChatNotification(name: string, preview: string, tag: string, onClick: () => void): Notification | undefined {
  const api = notificationApi();
  if (!api) {
    console.error(NO_NOTIFICATIONS);
    return undefined;
  }
  if (api.permission !== 'granted') return undefined;
  const notification = new api(chatNotificationTitle(name), { body: preview, tag, requireInteraction: false });
  notification.onclick = () => {
    window.focus();
    onClick();
    notification.close();
  };
  return notification;
}
