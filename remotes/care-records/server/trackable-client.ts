import { eq, and } from 'drizzle-orm';
import { no, type TrackableTarget } from '@hcm/server/platform';
import { clientVisible, visibleClientIds, visibleClients } from './client-visibility.js';
import { clientColumns, clientsTable } from './columns.js';

/**
 * Clients as a time-tracker target (assessments, reviews, spot checks): one that exists, is not deleted and is
 * in one of the user's branches may be timed; its tracked time stays readable after it is deleted.
 */
export const trackableClient: TrackableTarget = {
  async check(db, _user, scope, targetId) {
    const [client] = await db
      .select({ deleted_at: clientColumns.deleted_at, first_name: clientColumns.first_name, last_name: clientColumns.last_name })
      .from(clientsTable)
      .where(and(eq(clientColumns.id, targetId), visibleClients(scope, { deleted: 'include' })));
    // A client outside the user's branches reads as missing, so the answer does not tell it exists.
    if (!client) return no('No such client in your branches.');
    if (client.deleted_at !== null) return no('This client has been deleted.');
    return { trackable: true, reason: '', label: `${client.first_name as string} ${client.last_name as string}` };
  },
  visible: (db, _user, scope, targetId) => clientVisible(db, scope, targetId, { deleted: 'include' }),
  idsInBranches: (branchIds) => visibleClientIds(branchIds, { deleted: 'include' }),
};
