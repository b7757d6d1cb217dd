import { Worker } from 'node:worker_threads';
import type { InvoicePdfInput } from './invoice-pdf';

type Reply = { id: number; bytes: Uint8Array } | { id: number; error: string };

/**
 * Invoice PDFs are drawn on a worker thread: subsetting the Japanese font takes most of a second
 * of CPU (1.2–1.6 s under load), which on the event loop would hold up every other request. One
 * thread, started on the first PDF and kept; PDFs wait their turn. A thread that dies fails the
 * PDFs in hand, and the next one starts a new thread.
 */
export class InvoicePdfRenderer {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (bytes: Buffer) => void; reject: (error: Error) => void }>();

  render(input: InvoicePdfInput): Promise<Buffer> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, input });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private start(): Worker {
    // The server runs its TypeScript through tsx; a thread needs tsx's loader registered inside it
    // before its TypeScript entry is imported (an --import flag does not reach a worker on Node 20).
    const entry = new URL('./invoice-pdf.worker.ts', import.meta.url).href;
    const worker = new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`, { eval: true });
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if ('error' in reply) waiting.reject(new Error(`invoice PDF: ${reply.error}`));
      else waiting.resolve(Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength));
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const [id, waiting] of this.pending) {
        this.pending.delete(id);
        waiting.reject(error);
      }
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`invoice PDF thread exited (${code})`)));
    this.worker = worker;
    return worker;
  }
}
