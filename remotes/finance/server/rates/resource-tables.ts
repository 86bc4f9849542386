import { branches, buildResourceTables } from '@hcm/server/schema';
import { RATE_RESOURCES } from '../../contract/rates/resources.js';

/** The tables of the rates part's declared resources (rate cards, their hourly rules, minimum-wage rates), by resource name. */
export const rateResourceTables = buildResourceTables(RATE_RESOURCES, branches);

// drizzle-kit only sees tables that are named exports: one line per declared resource.
export const rateCardsTable = rateResourceTables['rate-cards']!;
export const rateCardRulesTable = rateResourceTables['rate-card-rules']!;
export const minimumWageRatesTable = rateResourceTables['minimum-wage-rates']!;
