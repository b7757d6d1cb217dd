import type { Clock } from '../../clock';
import type { AppConfig } from '../../config';
import type { DatabaseHandle } from '../../db/database';
import type { JobLogger } from '../../lib/jobs/job-runner';
import type { ZodRoutes } from '../../lib/zod-route';
import { InvoiceIssuer, type InvoiceIssuerOptions } from './invoice-issuer';
import type { InvoicePdfRenderer } from './invoice-pdf-renderer';
import { InvoicesRepository } from './invoices.repo';
import { registerInvoiceRoutes } from './invoices.routes';
import { InvoicesService } from './invoices.service';
import { SubscriptionRenewalsRepository } from './subscription-renewals.repo';

export type InvoiceIssuerTimings = Partial<Pick<InvoiceIssuerOptions, 'pollIntervalMs' | 'staleClaimMs' | 'batchSize'>>;

/** The monthly invoice job's lane; it runs where the mail worker runs (the server, or `npm run worker`). */
export function createInvoiceIssuer(
  db: DatabaseHandle['db'],
  { clock, logger, timings }: { clock: Clock; logger: JobLogger; timings?: InvoiceIssuerTimings | undefined },
): InvoiceIssuer {
  return new InvoiceIssuer({ repo: new SubscriptionRenewalsRepository(db), clock, logger, ...timings });
}

/** The invoice list and PDF inside the tenant realm. */
export function registerInvoicesFeature(realm: ZodRoutes, { db, clock, config, pdf }: { db: DatabaseHandle['db']; clock: Clock; config: AppConfig; pdf: InvoicePdfRenderer }): void {
  registerInvoiceRoutes(realm, { service: new InvoicesService({ repo: new InvoicesRepository(db), clock, issuer: config.invoiceIssuer, pdf }) });
}
