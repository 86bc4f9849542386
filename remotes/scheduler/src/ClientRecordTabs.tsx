import ClientSlots from './templates/ClientSlots';
import VisitTemplates from './templates/VisitTemplates';

/**
 * What the scheduler adds to the client record (extension point `client-record.tab`, see area.json): the
 * `visit-templates` tab (the client's rota templates and generating their visits) and the `client-slots` tab
 * (their commissioned time windows). The record gives the client's id and the tab's key.
 */
export default function ClientRecordTabs({ clientId, extensionKey }: { clientId: number; extensionKey: string }) {
  return extensionKey === 'client-slots' ? <ClientSlots clientId={Number(clientId)} /> : <VisitTemplates clientId={Number(clientId)} />;
}
