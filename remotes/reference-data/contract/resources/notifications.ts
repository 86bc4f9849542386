import * as v from 'valibot';
import { choiceOf, defineResource, isoDate, objectMessage, requiredText, timeOfDay } from '@hcm/contract/engine';
import { STAFF_AUDIENCES } from './news-feed.js';

const CHANNELS = [
  { value: 'push', label: 'Push (carer app)' },
  { value: 'email', label: 'Email' },
  { value: 'in-app', label: 'In the app' },
] as const;

const STATUSES = [
  { value: 'draft', label: 'Draft' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'sent', label: 'Sent' },
] as const;

/**
 * Messages sent to staff at a set time. "Send at" is a date and a UK time (Europe/London) in two fields,
 * since define.ts has no date-time kind.
 */
export const notifications = defineResource({
  name: 'notifications',
  title: 'Notifications',
  singular: 'notification',
  schema: v.strictObject(
    {
      title: requiredText('Title', 120),
      message: requiredText('Message', 1000),
      audience: choiceOf(STAFF_AUDIENCES, 'Choose who receives it.'),
      channel: choiceOf(CHANNELS, 'Choose how it is sent.'),
      send_on: isoDate('Send on'),
      send_time: timeOfDay('Send time'),
      status: choiceOf(STATUSES, 'Choose a status.'),
    },
    objectMessage('notification'),
  ),
  fields: {
    title: { label: 'Title', kind: 'text', column: true, sortable: true, searchable: true },
    message: { label: 'Message', kind: 'long-text', hint: 'Push messages show about the first 100 characters', searchable: true },
    audience: { label: 'Audience', kind: 'choice', choices: STAFF_AUDIENCES, column: true, filterable: true },
    channel: { label: 'Channel', kind: 'choice', choices: CHANNELS, column: true, filterable: true },
    send_on: { label: 'Send on', kind: 'date', column: true, sortable: true, filterable: true },
    send_time: { label: 'Send time', kind: 'time', hint: '24-hour UK time, e.g. 08:00', column: true },
    status: { label: 'Status', kind: 'choice', choices: STATUSES, column: true, sortable: true, filterable: true },
  },
  labelField: 'title',
  defaultSort: { field: 'send_on', mode: 'desc' },
  permissions: { view: 'notifications.view', create: 'notifications.edit', edit: 'notifications.edit', delete: 'notifications.edit' },
  route: 'notifications',
  deletion: 'hard',
});
