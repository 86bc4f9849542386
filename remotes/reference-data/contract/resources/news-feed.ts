import * as v from 'valibot';
import { choiceOf, defineResource, flag, isoDate, objectMessage, requiredText } from '@hcm/contract/engine';

export const STAFF_AUDIENCES = [
  { value: 'all', label: 'Everyone' },
  { value: 'carers', label: 'Carers' },
  { value: 'office', label: 'Office staff' },
] as const;

/** News for staff, shown in the carer app and the back office from its publish date; pinned items stay on top. */
export const newsFeed = defineResource({
  name: 'news-feed',
  title: 'News feed',
  singular: 'news item',
  schema: v.strictObject(
    {
      headline: requiredText('Headline', 160),
      body: requiredText('Story', 5000),
      publish_on: isoDate('Publish on'),
      audience: choiceOf(STAFF_AUDIENCES, 'Choose who sees it.'),
      pinned: flag(false),
    },
    objectMessage('news item'),
  ),
  fields: {
    headline: { label: 'Headline', kind: 'text', column: true, sortable: true, searchable: true },
    body: { label: 'Story', kind: 'long-text', searchable: true },
    publish_on: { label: 'Publish on', kind: 'date', hint: 'Hidden from staff until this date', column: true, sortable: true, filterable: true },
    audience: { label: 'Audience', kind: 'choice', choices: STAFF_AUDIENCES, column: true, filterable: true },
    pinned: { label: 'Pinned', kind: 'boolean', hint: 'Kept at the top of the feed', column: true, filterable: true },
  },
  labelField: 'headline',
  defaultSort: { field: 'publish_on', mode: 'desc' },
  permissions: { view: 'news.view', create: 'news.edit', edit: 'news.edit', delete: 'news.edit' },
  route: 'news-feed',
  deletion: 'hard',
});
