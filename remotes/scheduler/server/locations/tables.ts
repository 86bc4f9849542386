import { sql } from 'drizzle-orm';
import { check, doublePrecision, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { branches, users } from '@hcm/server/schema';
import type { LocationSource } from '../../contract/postcodes.js';
import { clock } from '@hcm/contract/time';

// Places and travel (scheduler/travel): where postcodes are, and each branch's travel settings.

/** Coordinates of a postcode: a district's centre (approximate), entered by hand, or imported. */
export const postcodeLocations = pgTable(
  'scheduler_postcode_locations',
  {
    /** Normalised: upper case, one space before the inward code ('NW1 9HX'), or a district alone ('NW1'). */
    postcode: text('postcode').primaryKey(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    source: text('source').$type<LocationSource>().notNull().default('district-centroid'),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
  },
  (t) => [
    check('scheduler_postcode_locations_source_check', sql`${t.source} in ('district-centroid', 'manual', 'import')`),
    check('scheduler_postcode_locations_lat_check', sql`${t.latitude} between -90 and 90`),
    check('scheduler_postcode_locations_lon_check', sql`${t.longitude} between -180 and 180`),
  ],
);

/** A branch's own travel settings (else the agency's defaults from the settings: travel_average_speed_kmh, travel_road_factor_percent). */
export const branchTravel = pgTable(
  'scheduler_branch_travel',
  {
    branch_id: integer('branch_id')
      .primaryKey()
      .references(() => branches.id),
    average_speed_kmh: smallint('average_speed_kmh').notNull(),
    road_factor_percent: smallint('road_factor_percent').notNull(),
    updated_by: integer('updated_by').references(() => users.id),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(clock.now),
  },
  (t) => [
    check('scheduler_branch_travel_speed_check', sql`${t.average_speed_kmh} between 3 and 120`),
    check('scheduler_branch_travel_factor_check', sql`${t.road_factor_percent} between 100 and 300`),
  ],
);
