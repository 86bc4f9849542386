/** Toast alerts (spec §4 Alerts, §8, §9). */
export const ALERT_TYPES = ['success', 'danger', 'warning', 'chat'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

export const ALERT_DURATION_MS = 4000;
/** §4: title and message default to '**' when the caller gives none. */
export const DEFAULT_ALERT_TEXT = '**';

export type AlertInput = {
  type?: string;
  title?: string;
  message?: string;
};

export type Alert = {
  id: number;
  type: AlertType;
  title: string;
  message: string;
  show: boolean;
};

/**
 * §4: the type is success, danger or warning (chat is the chat-message variant); any other value becomes
 * success. An empty message becomes '**'; an empty title becomes `defaultTitle` (§9: the product's label),
 * or '**' without one.
 */
export function normalizeAlert(input: AlertInput, id: number, defaultTitle: string = DEFAULT_ALERT_TEXT): Alert {
  const type = (ALERT_TYPES as readonly string[]).includes(input.type ?? '') ? (input.type as AlertType) : 'success';
  return {
    id,
    type,
    title: input.title || defaultTitle || DEFAULT_ALERT_TEXT,
    message: input.message || DEFAULT_ALERT_TEXT,
    show: true,
  };
}
