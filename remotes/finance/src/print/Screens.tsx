import { Route, Routes } from 'react-router-dom';
import { NotFound } from '@hcm/kit';
import { BundleScreen } from './BundleScreen';
import { ClientStatementScreen, CreditNoteScreen, InvoiceScreen } from './DocumentScreens';

/**
 * The printable documents the spec places under /app/scheduler, each the server's PDF in the viewer:
 * invoice/:slug and invoice/:slug/:variant, credit-note/:slug, invoices, credit-notes, credit-invoices and
 * client-statement/:id. The area mounts this module once per prefix, with the prefix.
 */
export default function Screens({ prefix }: { prefix: string }) {
  switch (prefix) {
    case 'scheduler/invoice':
      return (
        <Routes>
          <Route path=":slug" element={<InvoiceScreen />} />
          <Route path=":slug/:variant" element={<InvoiceScreen />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      );
    case 'scheduler/credit-note':
      return (
        <Routes>
          <Route path=":slug" element={<CreditNoteScreen />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      );
    case 'scheduler/client-statement':
      return (
        <Routes>
          <Route path=":id" element={<ClientStatementScreen />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      );
    case 'scheduler/invoices':
      return <BundleScreen kind="invoices" />;
    case 'scheduler/credit-notes':
      return <BundleScreen kind="credit-notes" />;
    case 'scheduler/credit-invoices':
      return <BundleScreen kind="credit-invoices" />;
    default:
      return <NotFound />;
  }
}
