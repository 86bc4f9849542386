import type { Transaction } from '@hcm/server/platform';

/** Demo documents on the demo carers' and employees' files. */
export async function seedDemoStaffDocuments(_tx: Transaction): Promise<void> {}
