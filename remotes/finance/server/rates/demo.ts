import type { Transaction } from '@hcm/server/platform';

/** Demo data of this part (being built). */
export async function seedDemoRates(_tx: Transaction): Promise<void> {}
