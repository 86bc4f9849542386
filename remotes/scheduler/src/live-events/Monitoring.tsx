import { ENGINE_ALERT_KINDS } from '../../contract/live-engine';
import { AlertList } from '../live/AlertList';

/** /app/live-events/clients/monitoring: the late and missed engine's alerts, open first, to acknowledge and resolve. */
export default function Monitoring() {
  return <AlertList title="Late and missed alerts" caption="Late and missed alerts" kinds={ENGINE_ALERT_KINDS} empty="No late or missed visit matches these filters." />;
}
