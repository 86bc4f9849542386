import { PageHeader } from '@hcm/kit';

/** The printable documents (being built). */
export default function Screens({ prefix }: { prefix: string }) {
  return <PageHeader title={`Printable: ${prefix}`} />;
}
