import type { Transaction } from '@hcm/server/platform';

/** The registers part's demo rows (seeded after every other area's demo data). */
export async function seedRegistersDemo(_tx: Transaction): Promise<void> {}
