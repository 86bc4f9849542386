import type { Transaction } from '@hcm/server/platform';

export async function seedDemoCompliance(_tx: Transaction): Promise<void> {}
