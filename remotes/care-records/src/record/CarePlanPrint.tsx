import { Modal } from '@hcm/kit/elements';
import { PdfViewer } from '@hcm/kit/pdf';

/** The whole care plan, printed by the server, in the PDF viewer (loaded only when asked for: the viewer is large). */
export default function CarePlanPrint({ url, name, clientId, onClose }: { url: string; name: string; clientId: number; onClose: () => void }) {
  return (
    <Modal open title={`Care plan: ${name}`} size="large" onClose={onClose}>
      <PdfViewer file={url} title={`Care plan: ${name}`} downloadName={`care-plan-${clientId}.pdf`} />
    </Modal>
  );
}
