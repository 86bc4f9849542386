import { and, between, eq, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '@hcm/server/platform';
import { bankHolidaysRead, settingsRead, visitSlotsRead } from '../read-models.js';

// What the templates read of reference data (its global settings, bank holidays and visit slots, through the
// area's read models in ../read-models.ts): the settings with their defaults, a region's bank holidays, the slots.

/** The settings this part reads, with the value used when the agency has not set one. */
export const TEMPLATE_SETTINGS = {
  bank_holiday_region: {
    label: 'Bank holidays of',
    value: 'england-wales',
    value_type: 'text',
    description: "Which UK bank holidays count when visits are generated from rota templates (a template may skip them): england-wales, scotland or northern-ireland.",
  },
  generate_max_days: {
    label: 'Longest period generated at once (days)',
    value: '92',
    value_type: 'number',
    description: 'How many days of visits one "generate" may create from rota templates (7 to 366).',
  },
} as const;
type TemplateSettingKey = keyof typeof TEMPLATE_SETTINGS;

async function settingValue(db: Database | Transaction, key: TemplateSettingKey): Promise<string> {
  const [row] = await db.select({ value: settingsRead.value }).from(settingsRead).where(eq(settingsRead.key, key)).limit(1);
  return row?.value.trim() || TEMPLATE_SETTINGS[key].value;
}

export async function bankHolidayRegion(db: Database | Transaction): Promise<string> {
  const value = await settingValue(db, 'bank_holiday_region');
  return ['england-wales', 'scotland', 'northern-ireland'].includes(value) ? value : TEMPLATE_SETTINGS.bank_holiday_region.value;
}

export async function generateMaxDays(db: Database | Transaction): Promise<number> {
  const value = Number(await settingValue(db, 'generate_max_days'));
  return Number.isInteger(value) && value >= 7 && value <= 366 ? value : Number(TEMPLATE_SETTINGS.generate_max_days.value);
}

/** The bank holidays from `from` to `to` of the agency's region (the setting bank_holiday_region). */
export async function bankHolidaysBetween(db: Database | Transaction, from: string, to: string): Promise<Set<string>> {
  const region = await bankHolidayRegion(db);
  const rows = await db
    .select({ date: bankHolidaysRead.date })
    .from(bankHolidaysRead)
    .where(and(eq(bankHolidaysRead.region, region), between(bankHolidaysRead.date, from, to)));
  return new Set(rows.map((row) => row.date));
}

export type VisitSlotChoice = { id: number; name: string; start_time: string; end_time: string };

export async function visitSlotChoices(db: Database | Transaction, ids?: readonly number[]): Promise<VisitSlotChoice[]> {
  const rows = await db.select().from(visitSlotsRead).where(ids ? inArray(visitSlotsRead.id, [...ids, 0]) : undefined).orderBy(visitSlotsRead.display_order);
  return rows.filter((row) => ids || (row.active && !row.deleted_at)).map((row) => ({ id: row.id, name: row.name, start_time: row.start_time, end_time: row.end_time }));
}
