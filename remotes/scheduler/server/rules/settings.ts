import { inArray } from 'drizzle-orm';
import type { Database, Transaction } from '@hcm/server/platform';
import { settingsRead } from '../read-models.js';

// The global settings the rules, travel and auto-assign read (reference data keeps them; read through the area's
// read model in ../read-models.ts). Each key has a default used when the agency has not set it or set it to
// something unusable.

export const SCHEDULER_RULE_SETTINGS = {
  travel_average_speed_kmh: { label: 'Average travel speed (km/h)', value: '30', value_type: 'number', description: 'How fast carers travel between visits on average, for branches without their own travel settings.' },
  travel_road_factor_percent: {
    label: 'Road factor (%)',
    value: '130',
    value_type: 'number',
    description: 'Roads are longer than the straight line: the straight-line distance between two places is multiplied by this percentage (130 % adds 30 %).',
  },
  wtr_enforcement: {
    label: 'Working Time Regulations on the rota',
    value: 'warn',
    value_type: 'text',
    description: "'warn': an assignment breaking the 48-hour average week, the 11 hours' daily rest or the 20-minute break over 6 hours warns; 'refuse': it is refused.",
  },
  wtr_opted_out_carer_ids: {
    label: 'Carers who opted out of the 48-hour week',
    value: 'none',
    value_type: 'text',
    description: "Ids of the carers who signed the written opt-out of the 48-hour average week, separated by commas ('none' when nobody has). The daily rest and break rules still apply to them.",
  },
  punctuality_window_minutes: {
    label: 'Punctuality window (minutes)',
    value: '10',
    value_type: 'number',
    description:
      'A carer may arrive up to this many minutes after a visit’s planned start when the travel from their previous visit needs it. Lateness carries over: each visit lasts its commissioned length, so a late start makes the next arrival later too; a visit reached later than this is refused or warned per punctuality_enforcement.',
  },
  punctuality_enforcement: {
    label: 'Arrivals beyond the punctuality window',
    value: 'refuse',
    value_type: 'text',
    description: "'refuse': an assignment that makes any visit of the carer's day reached later than the punctuality window (lateness carried over from earlier visits included) is refused; 'warn': it warns.",
  },
  autoassign_time_budget_ms: {
    label: 'Auto-assign time ceiling (ms)',
    value: '10000',
    value_type: 'number',
    description: 'The most time auto-assign may take for one week of one branch, construction included: a safety ceiling. Its answer is decided by the work budget (autoassign_work_budget), so the same rota gives the same answer on any machine; a run stopped by the ceiling says so.',
  },
  autoassign_work_budget: {
    label: 'Auto-assign work budget (moves)',
    value: '25000',
    value_type: 'number',
    description: 'How much improvement auto-assign does after its first answer, counted in moves (a visit tried with other carers), not in time: the same rota and settings always give the same proposal.',
  },
} as const;
export type RuleSettingKey = keyof typeof SCHEDULER_RULE_SETTINGS;

export type RuleSettings = {
  averageSpeedKmh: number;
  roadFactorPercent: number;
  wtrEnforcement: 'warn' | 'refuse';
  wtrOptedOut: ReadonlySet<number>;
  punctualityMinutes: number;
  /** A visit reached beyond the punctuality window (lateness carried over included): refused or warned. */
  punctualityEnforcement: 'warn' | 'refuse';
  /** Auto-assign's wall-clock ceiling (ms), construction included. */
  timeBudgetMs: number;
  /** Auto-assign's improvement, in moves (deterministic). */
  workBudget: number;
};

export const DEFAULT_RULE_SETTINGS: RuleSettings = {
  averageSpeedKmh: 30,
  roadFactorPercent: 130,
  wtrEnforcement: 'warn',
  wtrOptedOut: new Set(),
  punctualityMinutes: 10,
  punctualityEnforcement: 'refuse',
  timeBudgetMs: 10_000,
  workBudget: 25_000,
};

/** The settings, each from the settings table when set and usable, else its default. */
export async function ruleSettings(db: Database | Transaction): Promise<RuleSettings> {
  const keys = Object.keys(SCHEDULER_RULE_SETTINGS) as RuleSettingKey[];
  const rows = await db.select().from(settingsRead).where(inArray(settingsRead.key, keys));
  const value = (key: RuleSettingKey) => rows.find((row) => row.key === key)?.value.trim() ?? SCHEDULER_RULE_SETTINGS[key].value;
  const whole = (key: RuleSettingKey, min: number, max: number) => {
    const read = Number(value(key));
    return Number.isInteger(read) && read >= min && read <= max ? read : Number(SCHEDULER_RULE_SETTINGS[key].value);
  };
  const enforcement = value('wtr_enforcement');
  const optedOut = value('wtr_opted_out_carer_ids')
    .split(',')
    .map((id) => Number(id.trim()))
    .filter((id) => Number.isInteger(id) && id > 0);
  return {
    averageSpeedKmh: whole('travel_average_speed_kmh', 3, 120),
    roadFactorPercent: whole('travel_road_factor_percent', 100, 300),
    wtrEnforcement: enforcement === 'refuse' ? 'refuse' : 'warn',
    wtrOptedOut: new Set(optedOut),
    punctualityMinutes: whole('punctuality_window_minutes', 0, 120),
    punctualityEnforcement: value('punctuality_enforcement') === 'warn' ? 'warn' : 'refuse',
    timeBudgetMs: whole('autoassign_time_budget_ms', 100, 60_000),
    workBudget: whole('autoassign_work_budget', 0, 5_000_000),
  };
}
