import type { Transaction } from '@hcm/server/platform';

export async function seedDemoFiles(_tx: Transaction): Promise<void> {}
