import { useLocation } from 'react-router-dom';
import { PageHeader } from '@hcm/kit';

/** Placeholder while this part is being built: the page's heading from its path. */
export default function Screens() {
  const { pathname } = useLocation();
  return <PageHeader title={pathname.split('/').filter(Boolean).slice(1).join(' / ')} />;
}
