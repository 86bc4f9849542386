import type { Transaction } from '@hcm/server/platform';

export async function seedDemoTraining(_tx: Transaction): Promise<void> {}
