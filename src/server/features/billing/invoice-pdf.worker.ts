import { parentPort } from 'node:worker_threads';
import { type InvoicePdfInput, renderInvoicePdf } from './invoice-pdf';

/** The worker thread of invoice-pdf-renderer.ts: one invoice at a time, the bytes handed back without a copy. */
parentPort?.on('message', (message: { id: number; input: InvoicePdfInput }) => {
  renderInvoicePdf(message.input).then(
    (bytes) => {
      const copy = new Uint8Array(bytes);
      parentPort?.postMessage({ id: message.id, bytes: copy }, [copy.buffer]);
    },
    (error: unknown) => parentPort?.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
