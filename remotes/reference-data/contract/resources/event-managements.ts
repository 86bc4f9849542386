import * as v from 'valibot';
import { defineResource, isoDate, objectMessage, optionalText, optionalWholeNumber, referenceTo, requiredText, timeOfDay } from '@hcm/contract/engine';

/** Agency events and training days, each in an event category. */
export const eventManagements = defineResource({
  name: 'event-managements',
  title: 'Events',
  singular: 'event',
  schema: v.strictObject(
    {
      name: requiredText('Name', 160),
      event_category_id: referenceTo('Choose an event category.'),
      event_date: isoDate('Date'),
      start_time: timeOfDay('Start time'),
      // Not checked against the start time: a schema field cannot see its neighbours (see the report).
      end_time: timeOfDay('End time'),
      location: requiredText('Location', 160),
      capacity: optionalWholeNumber('Places', 1, 1000),
      description: optionalText('Description', 4000),
    },
    objectMessage('event'),
  ),
  fields: {
    name: { label: 'Name', kind: 'text', column: true, sortable: true, searchable: true },
    event_category_id: {
      label: 'Category',
      kind: 'reference',
      references: { resource: 'event-categories', labelField: 'name' },
      column: true,
      filterable: true,
    },
    event_date: { label: 'Date', kind: 'date', column: true, sortable: true, filterable: true },
    start_time: { label: 'Start time', kind: 'time', hint: '24-hour, e.g. 09:30', column: true },
    end_time: { label: 'End time', kind: 'time', hint: '24-hour, e.g. 16:30', column: true },
    location: { label: 'Location', kind: 'text', column: true, searchable: true },
    capacity: { label: 'Places', kind: 'integer', hint: 'Leave empty for no limit', column: true },
    description: { label: 'Description', kind: 'long-text' },
  },
  labelField: 'name',
  defaultSort: { field: 'event_date', mode: 'desc' },
  permissions: { view: 'events.view', create: 'events.edit', edit: 'events.edit', delete: 'events.edit' },
  route: 'event-managements',
  deletion: 'hard',
});
