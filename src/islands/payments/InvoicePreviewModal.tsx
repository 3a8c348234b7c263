import { invoicePdfUrl, invoiceUrl } from '../../lib/payment-form.ts';
import Modal from '../ui/Modal.tsx';

export interface InvoicePreviewModalProps {
  /** The payment reference the invoice is for. */
  reference: string;
  onClose: () => void;
}

/** The invoice of an unpaid payment in a frame 60vh high, with print, new-tab and download links (docs/console.md#screens). */
export default function InvoicePreviewModal({ reference, onClose }: InvoicePreviewModalProps) {
  const html = invoiceUrl(reference);
  const pdf = invoicePdfUrl(reference);
  return (
    <Modal
      open
      size="lg"
      title={
        <>
          Invoice <span className="nowrap">{reference}</span>
        </>
      }
      onClose={onClose}
      footer={
        <>
          <a className="btn" href={pdf} target="_blank" rel="noopener noreferrer">
            Print / Save PDF
          </a>
          <a className="btn" href={html} target="_blank" rel="noopener noreferrer">
            Open in new tab
          </a>
          <a className="btn btn--primary" href={pdf} download={`invoice-${reference}.pdf`}>
            Download PDF
          </a>
        </>
      }
    >
      <iframe className="invoice-frame" title={`Invoice ${reference} preview`} src={html} />
    </Modal>
  );
}
