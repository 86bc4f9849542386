import type { Transaction } from '@hcm/server/platform';

export async function seedDemoRecruitment(_tx: Transaction): Promise<void> {}
