import { boolean, date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Read models by table name of what other areas keep (never their code, never exported from ../tables.ts, so
// this area's migrations do not create them): reference data's funder and NPC codes, bank holidays and global
// settings, and the care-records clients' identifying columns (the CSV import matches a row to a client by NHS
// number or local-authority id, which the rota's client read does not carry; the wizard, utility and office
// planner list the clients of the planner's branches). Every read here is scoped to the viewer's branches.

export const clientsRead = pgTable('clients', {
  id: integer('id').notNull(),
  first_name: text('first_name').notNull(),
  last_name: text('last_name').notNull(),
  nhs_number: text('nhs_number').notNull(),
  local_authority_id: text('local_authority_id').notNull(),
  status: text('status').notNull(),
  postcode: text('postcode').notNull(),
  address_line_1: text('address_line_1').notNull(),
  town: text('town').notNull(),
  branch_id: integer('branch_id').notNull(),
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
});

export const funderCodesRead = pgTable('funder_codes', {
  id: integer('id').notNull(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  active: boolean('active').notNull(),
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
});

export const npcCodesRead = pgTable('npc_codes', {
  id: integer('id').notNull(),
  code: text('code').notNull(),
  description: text('description').notNull(),
  active: boolean('active').notNull(),
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
});

export const bankHolidaysRead = pgTable('organization_bank_holidays', { date: date('date', { mode: 'string' }).notNull(), region: text('region').notNull() });

export const settingsRead = pgTable('settings', { key: text('key'), value: text('value') });
