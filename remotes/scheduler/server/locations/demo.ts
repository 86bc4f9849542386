import type { Transaction } from '@hcm/server/platform';
import { DISTRICT_CENTROIDS } from '../../contract/postcodes.js';
import { postcodeLocations } from './tables.js';

/** The demo's places: the centres of the postcode districts its clients and carers live in (approximate). */
export async function seedDemoLocations(tx: Transaction): Promise<void> {
  const rows = Object.entries(DISTRICT_CENTROIDS).map(([postcode, place]) => ({ postcode, latitude: place.latitude, longitude: place.longitude, source: 'district-centroid' as const }));
  await tx.insert(postcodeLocations).values(rows).onConflictDoNothing();
}
