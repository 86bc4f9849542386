import type { Transaction } from '@hcm/server/platform';

export async function seedDemoTimeOff(_tx: Transaction): Promise<void> {}
