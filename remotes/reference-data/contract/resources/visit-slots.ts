import * as v from 'valibot';
import { defineResource, flag, objectMessage, optionalText, requiredText, timeOfDay, wholeNumber } from '@hcm/contract/engine';

/**
 * Named parts of the day (morning, lunch, afternoon, evening, night) that visits and medication rounds are
 * grouped by. A slot may run past midnight (night: 22:00 to 05:59).
 */
export const visitSlots = defineResource({
  name: 'visit-slots',
  title: 'Visit slots',
  singular: 'visit slot',
  schema: v.pipe(
    v.strictObject(
      {
        name: requiredText('Name', 40),
        start_time: timeOfDay('Start time'),
        end_time: timeOfDay('End time'),
        display_order: wholeNumber('Display order', 1, 99),
        description: optionalText('Description', 500),
        active: flag(true),
      },
      objectMessage('visit slot'),
    ),
    v.forward(
      v.partialCheck([['start_time'], ['end_time']], (input) => input.start_time !== input.end_time, 'End time must differ from the start time.'),
      ['end_time'],
    ),
  ),
  fields: {
    name: { label: 'Name', kind: 'text', column: true, sortable: true, searchable: true, unique: true },
    start_time: { label: 'Start time', kind: 'time', hint: '24-hour clock, e.g. 06:00', column: true, sortable: true },
    end_time: { label: 'End time', kind: 'time', hint: 'The last minute of the slot, e.g. 10:59; may be after midnight', column: true },
    display_order: { label: 'Display order', kind: 'integer', hint: 'Slots are listed in this order on rotas and MAR charts', column: true, sortable: true },
    description: { label: 'Description', kind: 'long-text' },
    active: { label: 'Active', kind: 'boolean', column: true, filterable: true },
  },
  labelField: 'name',
  defaultSort: { field: 'display_order', mode: 'asc' },
  permissions: { view: 'datatables.view', create: 'datatables.edit', edit: 'datatables.edit', delete: 'datatables.edit' },
  deletion: 'soft',
});
