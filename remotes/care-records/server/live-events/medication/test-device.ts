import { eq } from 'drizzle-orm';
import { hashPassword, users } from '@hcm/server/platform';
import { deviceSignIn, type DeviceClient, type TestApp } from '@hcm/server/testing';

// For tests of the carers' app routes: a demo carer signed in on a device, with a client the scheduler's demo
// gives them a visit with from yesterday to tomorrow (GET /api/v1/carer-app/clients).

const CARER_EMAILS = ['aisha.bello@homecare.test', 'tom.fletcher@homecare.test', 'sian.evans@homecare.test', 'callum.mcleod@homecare.test', 'priya.nair@homecare.test', 'megan.hughes@homecare.test', 'joseph.adeyemi@homecare.test'];
const PASSWORD = 'Carer!2026device';

export type CarerOnDevice = { device: DeviceClient; carerId: number; clientId: number; clientIds: number[] };

/** The first demo carer with a visit from yesterday to tomorrow, signed in on a device. */
export async function carerWithVisit(t: TestApp, skip: readonly string[] = []): Promise<CarerOnDevice> {
  const db = t.database.db;
  const hash = await hashPassword(PASSWORD);
  for (const email of CARER_EMAILS.filter((candidate) => !skip.includes(candidate))) {
    const [carer] = await db.update(users).set({ password_hash: hash }).where(eq(users.email, email)).returning({ id: users.id });
    if (!carer) continue;
    const device = await deviceSignIn(t.app, { email, password: PASSWORD });
    const answer = await device.get('/api/v1/carer-app/clients');
    const clientIds = (answer.json() as { data?: { client_ids?: number[] } }).data?.client_ids ?? [];
    if (answer.statusCode === 200 && clientIds.length) return { device, carerId: carer.id, clientId: clientIds[0]!, clientIds };
  }
  throw new Error('No demo carer has a visit from yesterday to tomorrow: the scheduler demo should give them some.');
}
