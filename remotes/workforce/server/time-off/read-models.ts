import { inArray } from 'drizzle-orm';
import { boolean, date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '@hcm/server/platform';
import { settingsRead } from '../read-models.js';

// What availability and holidays read from other areas' published read models (never imported from their code):
// reference data's holiday reasons, UK bank holidays and the agency's own closure days; the scheduler's visits
// and who is on them (reference data's global settings are ../read-models.ts's). Declared in the module's `consumes` and checked against what the owners
// publish. Not exported from ../tables.ts: drizzle-kit must not generate them here.

export const holidayReasonsRead = pgTable('holiday_reasons', {
  id: integer('id').notNull(),
  name: text('name').notNull(),
  code: text('code').notNull(),
  paid: boolean('paid').notNull(),
  deducts_allowance: boolean('deducts_allowance').notNull(),
  active: boolean('active').notNull(),
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
});

export const bankHolidaysRead = pgTable('organization_bank_holidays', {
  id: integer('id').notNull(),
  name: text('name').notNull(),
  date: date('date', { mode: 'string' }).notNull(),
  region: text('region').notNull(),
  substitute_day: boolean('substitute_day').notNull(),
});

/** The agency's own closure days (office closed, Christmas party): `branch` is a branch name, '' for every branch. */
export const closureDaysRead = pgTable('holidays', {
  id: integer('id').notNull(),
  name: text('name').notNull(),
  date: date('date', { mode: 'string' }).notNull(),
  branch: text('branch').notNull(),
  office_closed: boolean('office_closed').notNull(),
});

/** scheduler: a visit's day and status (its published read model). */
export const visitsRead = pgTable('visits', {
  id: integer('id').notNull(),
  visit_date: date('visit_date', { mode: 'string' }).notNull(),
  status: text('status').notNull(),
});

/** scheduler: the carers on a visit (carer_id is our carers.id). */
export const visitCarersRead = pgTable('visit_carers', {
  visit_id: integer('visit_id').notNull(),
  carer_id: integer('carer_id').notNull(),
});

/** The settings this part reads, with the value used when the agency has not set one. */
export const TIME_OFF_SETTINGS = {
  holiday_year_start: { label: 'Holiday year starts on (MM-DD)', value: '04-01', value_type: 'text', description: 'The first day of the leave year, as month-day: 04-01 is 1 April. Entitlements and balances are per leave year.' },
  holiday_accrual_percent: { label: 'Holiday accrual for irregular hours (%)', value: '12.07', value_type: 'number', description: 'Irregular-hours and zero-hours workers accrue this percentage of the hours they worked as holiday (the 2024 rules: 12.07 %).' },
  holiday_max_off_per_branch: { label: 'Most people of a branch off on one day', value: '3', value_type: 'number', description: 'A holiday request or approval warns when more carers (or office employees) of one branch than this would be off on the same day.' },
  bank_holiday_region: { label: 'Bank holidays of', value: 'england-wales', value_type: 'text', description: 'Which UK bank holidays are left out of the working days a holiday takes: england-wales, scotland or northern-ireland.' },
} as const;
export type TimeOffSettingKey = keyof typeof TIME_OFF_SETTINGS;

export type TimeOffSettings = { yearStart: string; accrualPercent: number; maxOffPerBranch: number; bankHolidayRegion: string };

const MONTH_DAY = /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** The settings, each from the settings table when set and valid, else its default. */
export async function timeOffSettings(db: Database | Transaction): Promise<TimeOffSettings> {
  const keys = Object.keys(TIME_OFF_SETTINGS) as TimeOffSettingKey[];
  const rows = await db.select().from(settingsRead).where(inArray(settingsRead.key, keys));
  const value = (key: TimeOffSettingKey) => rows.find((row) => row.key === key)?.value.trim() ?? TIME_OFF_SETTINGS[key].value;
  const number = (key: TimeOffSettingKey, min: number, max: number) => {
    const read = Number(value(key));
    return Number.isFinite(read) && read >= min && read <= max ? read : Number(TIME_OFF_SETTINGS[key].value);
  };
  const yearStart = value('holiday_year_start');
  // 02-29 would start no year in three of four: refused like any other impossible day.
  return {
    yearStart: MONTH_DAY.test(yearStart) && yearStart !== '02-29' && !/^(04|06|09|11)-31$/.test(yearStart) && !/^02-3/.test(yearStart) ? yearStart : TIME_OFF_SETTINGS.holiday_year_start.value,
    accrualPercent: number('holiday_accrual_percent', 0, 100),
    maxOffPerBranch: Math.floor(number('holiday_max_off_per_branch', 1, 1000)),
    bankHolidayRegion: ['england-wales', 'scotland', 'northern-ireland'].includes(value('bank_holiday_region')) ? value('bank_holiday_region') : TIME_OFF_SETTINGS.bank_holiday_region.value,
  };
}
