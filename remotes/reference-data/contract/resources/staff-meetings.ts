import * as v from 'valibot';
import { choiceOf, defineResource, isoDate, objectMessage, optionalText, requiredText, timeOfDay } from '@hcm/contract/engine';

const MEETING_TYPES = [
  { value: 'team', label: 'Team meeting' },
  { value: 'carers-forum', label: "Carers' forum" },
  { value: 'management', label: 'Management meeting' },
  { value: 'clinical-governance', label: 'Quality and governance' },
  { value: 'other', label: 'Other' },
] as const;

/** Staff meetings with their agenda, minutes and who attended. */
export const staffMeetings = defineResource({
  name: 'staff-meetings',
  title: 'Staff meetings',
  singular: 'staff meeting',
  schema: v.strictObject(
    {
      title: requiredText('Title', 160),
      meeting_type: choiceOf(MEETING_TYPES, 'Choose a type of meeting.'),
      meeting_date: isoDate('Date'),
      start_time: timeOfDay('Start time'),
      location: requiredText('Location', 160),
      organiser: requiredText('Organiser', 120),
      agenda: optionalText('Agenda', 4000),
      minutes: optionalText('Minutes', 20000),
      // Names in text: no staff resource exists yet to refer to.
      attendees: optionalText('Attendees', 4000),
    },
    objectMessage('staff meeting'),
  ),
  fields: {
    title: { label: 'Title', kind: 'text', column: true, sortable: true, searchable: true },
    meeting_type: { label: 'Type', kind: 'choice', choices: MEETING_TYPES, column: true, filterable: true },
    meeting_date: { label: 'Date', kind: 'date', column: true, sortable: true, filterable: true },
    start_time: { label: 'Start time', kind: 'time', hint: '24-hour, e.g. 14:00', column: true },
    location: { label: 'Location', kind: 'text', hint: 'A room, an office, or "Online (Teams)"', column: true, searchable: true },
    organiser: { label: 'Organiser', kind: 'text', column: true, sortable: true, searchable: true },
    agenda: { label: 'Agenda', kind: 'long-text' },
    minutes: { label: 'Minutes', kind: 'long-text', hint: 'Decisions and actions, with who does what by when', searchable: true },
    attendees: { label: 'Attendees', kind: 'long-text', hint: 'Names, one per line', searchable: true },
  },
  labelField: 'title',
  defaultSort: { field: 'meeting_date', mode: 'desc' },
  permissions: { view: 'meetings.view', create: 'meetings.edit', edit: 'meetings.edit', delete: 'meetings.edit' },
  filterSlot: 'staff_meeting',
  route: 'staff-meetings',
  deletion: 'hard',
});
