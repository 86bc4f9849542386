import { AlertList } from '../live/AlertList';

/** /app/live-events/clients/carer-support: carers' requests for support sent from their phones, to acknowledge and resolve. */
export default function CarerSupport() {
  return <AlertList title="Carer support requests" caption="Support requests" kinds={['carer-support']} empty="No support request matches these filters." />;
}
