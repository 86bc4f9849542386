import { Link, useParams, useSearchParams } from 'react-router-dom';
import { HEALTH_PROFESSIONAL_PDF_TITLES, HEALTH_PROFESSIONAL_PDF_TYPES, type HealthProfessionalPdfType } from '@hcm/contract/schemas';
import { ErrorPanel, useRouteName } from '@hcm/kit';
import { PdfViewer } from '@hcm/kit/pdf';
import { useProfessional } from './PortalLayout';
import { portalApi, portalPaths } from './portalApi';
import styles from './portal.module.css';

/** /health-professionals/:id/pdf/:type?client=N: the care plan or MAR chart in the inline viewer (800px). */
export function PortalPdfPage() {
  const { type = '' } = useParams();
  const [search] = useSearchParams();
  const professional = useProfessional();
  const clientId = Number(search.get('client'));
  const known = (HEALTH_PROFESSIONAL_PDF_TYPES as readonly string[]).includes(type);
  const title = known ? HEALTH_PROFESSIONAL_PDF_TITLES[type as HealthProfessionalPdfType] : 'Document';
  useRouteName(title);
  const back = (
    <Link to={portalPaths.dashboard(professional.id)}>Back to your clients</Link>
  );

  if (!known || !Number.isSafeInteger(clientId) || clientId <= 0) {
    return (
      <>
        <ErrorPanel title="No such document">Choose a client&apos;s care plan or MAR chart from your clients.</ErrorPanel>
        {back}
      </>
    );
  }
  return (
    <>
      <div className={styles.toolbar}>
        <h1>{title}</h1>
        {back}
      </div>
      <PdfViewer file={portalApi.pdfUrl(type as HealthProfessionalPdfType, clientId)} title={title} downloadName={`${type}-${clientId}.pdf`} />
    </>
  );
}
