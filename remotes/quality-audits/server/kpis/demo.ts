import type { Transaction } from '@hcm/server/platform';

/** The kpis part's demo rows (seeded after every other area's demo data). */
export async function seedKpisDemo(_tx: Transaction): Promise<void> {}
