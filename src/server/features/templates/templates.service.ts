import { randomBytes } from 'node:crypto';
import { templateMessages as m } from '../../../common/messages';
import type { Pagination } from '../../../common/phishing-report.schema';
import {
  TEMPLATE_LIMITS, TEMPLATE_PREVIEW_TTL_MINUTES, TEMPLATE_TEST_SENDS_PER_HOUR, templateVariableErrors,
  type Template, type TemplateFields, type TemplatePreview, type TemplateSummary, type TemplateTestSend,
} from '../../../common/templates.schema';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import { digestToken } from '../../lib/secret-hash';
import { toJstIsoString } from '../../lib/time-format';
import { mailLink } from '../mail/mail-message';
import type { Mailer } from '../mail/mailer';
import type { PhishingReportsRepository } from '../phishing-reports/phishing-reports.repo';
import { templateFromReport } from './template-from-report';
import { attributeVariableErrors, htmlText, isVisiblyEmpty, sanitizeTemplateHtml } from './template-html';
import { previewDocument, renderTemplate, sampleValues, type RenderableTemplate, type VariableValues } from './template-render';
import type { StoredTemplate, TemplateListFilter, TemplatesRepository } from './templates.repo';

export interface TemplatesServiceDeps {
  repo: TemplatesRepository;
  /** Kizuki DB reports, read for "create a template from this report". */
  reports: Pick<PhishingReportsRepository, 'findByReportId'>;
  mail: Pick<Mailer, 'kick'>;
  clock: Clock;
  appUrl: string;
  /** TRAINING_MAIL_DOMAIN: the domain of every training mail's sender. */
  trainingDomain: string;
  /** Test sends per account and hour (TEMPLATE_TEST_SENDS_PER_HOUR unless a test lowers it). */
  testSendsPerHour?: number;
}

/** Where the preview documents are served (template-preview.routes.ts). */
export const TEMPLATE_PREVIEW_PATH = '/template-previews';

/** Live preview documents a tenant keeps at once (the newest); older URLs answer the expiry page. */
export const PREVIEWS_KEPT_PER_TENANT = 50;

const notFound = () => new AppError('NOT_FOUND', m.notFound);

/**
 * Templates: the built-in library (read-only for everyone) and each tenant's own. Every call
 * takes the tenant id of the signed-in principal; a template of another tenant is not found (404),
 * a built-in refuses writes (403).
 */
export class TemplatesService {
  constructor(private readonly deps: TemplatesServiceDeps) {}

  async list(tenantId: number, filter: TemplateListFilter): Promise<{ templates: TemplateSummary[]; pagination: Pagination }> {
    const { templates, total } = await this.deps.repo.forTenant(tenantId).list(filter);
    return {
      templates: templates.map((template) => {
        const { html_body: _html, text_body: _text, ...summary } = present(template);
        return summary;
      }),
      pagination: { total, limit: filter.limit, offset: filter.offset, has_more: filter.offset + templates.length < total },
    };
  }

  async get(tenantId: number, id: number): Promise<Template> {
    return present(await this.find(tenantId, id));
  }

  async create(tenantId: number, input: TemplateFields): Promise<Template> {
    return present(await this.deps.repo.forTenant(tenantId).insert(cleaned(input), this.deps.clock.now()));
  }

  async update(tenantId: number, id: number, input: TemplateFields): Promise<Template> {
    await this.findOwn(tenantId, id);
    const updated = await this.deps.repo.forTenant(tenantId).update(id, cleaned(input), this.deps.clock.now());
    if (!updated) throw notFound();
    return present(updated);
  }

  async delete(tenantId: number, id: number): Promise<void> {
    await this.findOwn(tenantId, id);
    const deleted = await this.deps.repo.forTenant(tenantId).delete(id);
    if (deleted === 'in_use') throw new AppError('CONFLICT', m.inUse);
    if (!deleted) throw notFound();
  }

  /** Any template the tenant can read, built-ins included, becomes one of its own. */
  async duplicate(tenantId: number, id: number): Promise<Template> {
    const source = await this.find(tenantId, id);
    const suffix = '（コピー）';
    const name = source.name.length + suffix.length > TEMPLATE_LIMITS.name ? source.name.slice(0, TEMPLATE_LIMITS.name - suffix.length) : source.name;
    return present(await this.deps.repo.forTenant(tenantId).insert({ ...fieldsOf(source), name: name + suffix }, this.deps.clock.now()));
  }

  /** A saved template with sample values, or those of one of the tenant's people (`personId`). */
  async preview(tenantId: number, id: number, personId?: number): Promise<TemplatePreview> {
    const template = await this.find(tenantId, id);
    return this.renderPreview(tenantId, template, await this.previewValues(tenantId, personId));
  }

  /** A draft being edited (not saved): cleaned as a save would clean it, then rendered with samples. */
  async previewDraft(tenantId: number, input: TemplateFields): Promise<TemplatePreview> {
    return this.renderPreview(tenantId, cleaned(input), await this.previewValues(tenantId));
  }

  /** The stored preview document of a token, while it is valid. */
  async previewDocument(token: string): Promise<string | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
    return this.deps.repo.findPreviewDocument(digestToken(token), this.deps.clock.now());
  }

  /**
   * Mails the template to the signed-in administrator, filled with their own name, address and
   * company, from the lure's sender on TRAINING_MAIL_DOMAIN. Not a training mail: it does not
   * count against the monthly allowance, only against the account's hourly test-send limit.
   */
  async testSend(tenantId: number, userId: number, id: number): Promise<TemplateTestSend> {
    const { repo, clock, appUrl, trainingDomain, mail } = this.deps;
    const tenantRepo = repo.forTenant(tenantId);
    const template = await this.find(tenantId, id);
    const admin = await tenantRepo.findAdministrator(userId);
    if (!admin) throw notFound();
    const now = clock.now();
    const values: VariableValues = {
      ...sampleValues(now),
      // The administrator's own data; an unset name is their address's local part, never a stranger's sample name.
      name: admin.name || admin.email.split('@')[0]!,
      email: admin.email,
      company_name: admin.companyName,
      department: admin.department ?? '',
      // The link of a test leads back to the template in the training app.
      url: mailLink(appUrl, `/templates/${template.id}`),
    };
    const rendered = renderTemplate(template, values, trainingDomain);
    const limit = this.deps.testSendsPerHour ?? TEMPLATE_TEST_SENDS_PER_HOUR;
    const recorded = await tenantRepo.recordTestSend({
      userId, templateId: template.id, now, since: new Date(now.getTime() - 60 * 60 * 1000), limit,
      mail: { to: admin.email, subject: `${m.testSendSubjectPrefix}${rendered.subject}`, html: rendered.html, text: rendered.text, from: rendered.from },
    });
    if (!recorded) throw new AppError('RATE_LIMITED', m.testSendLimited(limit));
    mail.kick();
    return { to: admin.email, message: m.testSent(admin.email) };
  }

  /** A Kizuki DB report (public) becomes one of the tenant's templates, red flags left to fill. */
  async createFromReport(tenantId: number, reportId: string): Promise<Template> {
    const report = await this.deps.reports.findByReportId(reportId);
    if (!report) throw new AppError('NOT_FOUND', m.reportNotFound);
    return this.create(tenantId, templateFromReport(report));
  }

  private async find(tenantId: number, id: number): Promise<StoredTemplate> {
    const template = await this.deps.repo.forTenant(tenantId).find(id);
    if (!template) throw notFound();
    return template;
  }

  private async findOwn(tenantId: number, id: number): Promise<StoredTemplate> {
    const template = await this.find(tenantId, id);
    if (template.tenantId === null) throw new AppError('FORBIDDEN', m.builtinReadOnly);
    return template;
  }

  private async previewValues(tenantId: number, personId?: number): Promise<VariableValues> {
    const repo = this.deps.repo.forTenant(tenantId);
    const values = { ...sampleValues(this.deps.clock.now()), company_name: (await repo.companyName()) || sampleValues(this.deps.clock.now()).company_name };
    if (personId === undefined) return values;
    const person = await repo.findPerson(personId);
    if (!person) throw AppError.validation({ user_id: [m.personNotFound] });
    return { ...values, name: person.name, email: person.email, department: person.department ?? '' };
  }

  private async renderPreview(tenantId: number, template: RenderableTemplate, values: VariableValues): Promise<TemplatePreview> {
    const rendered = renderTemplate(template, values, this.deps.trainingDomain);
    const token = randomBytes(32).toString('base64url');
    const now = this.deps.clock.now();
    await this.deps.repo
      .forTenant(tenantId)
      .savePreview(digestToken(token), previewDocument(rendered.html), new Date(now.getTime() + TEMPLATE_PREVIEW_TTL_MINUTES * 60_000), now, PREVIEWS_KEPT_PER_TENANT);
    return { subject: rendered.subject, html: rendered.html, text: rendered.text, from: rendered.fromLine, preview_url: `${TEMPLATE_PREVIEW_PATH}/${token}` };
  }
}

/**
 * The one check of a template's content, used by create, update and the draft preview: the HTML
 * as it is stored (sanitised), then checked again, since the sanitiser may have removed the
 * element that held `{{url}}` (a variable inside a <script>, say) or everything visible; no
 * variable where a person's value could pick a link's scheme or write CSS; and each red flag's
 * excerpt found in the mail (sender's name or address, subject, either body), so the training
 * page can mark it.
 */
function cleaned(input: TemplateFields): TemplateFields {
  const html = sanitizeTemplateHtml(input.html_body);
  const fields = { ...input, html_body: html };
  const errors = templateVariableErrors(fields);
  if (isVisiblyEmpty(html)) (errors.html_body ??= []).unshift(m.htmlEmptyAfterSanitizing);
  const attributeErrors = attributeVariableErrors(input.html_body);
  if (attributeErrors.length > 0) (errors.html_body ??= []).push(...attributeErrors);
  const mailTexts = [fields.sender_name, fields.sender_local_part, fields.subject, fields.text_body, htmlText(html)].map(collapseSpaces);
  fields.red_flags.forEach((flag, index) => {
    const excerpt = collapseSpaces(flag.excerpt);
    if (excerpt !== '' && !mailTexts.some((text) => text.includes(excerpt))) errors[`red_flags.${index}.excerpt`] = [m.excerptNotFound];
  });
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
  return fields;
}

/** Line breaks and runs of spaces (an HTML body's indentation, say) do not make an excerpt different text. */
const collapseSpaces = (text: string) => text.replace(/\s+/g, ' ').trim();

function fieldsOf(template: StoredTemplate): TemplateFields {
  const { name, category, difficulty, sender_name, sender_local_part, subject, html_body, text_body, landing, red_flags } = template;
  return { name, category, difficulty, sender_name, sender_local_part, subject, html_body, text_body, landing, red_flags };
}

function present(template: StoredTemplate): Template {
  return {
    template_id: template.id,
    ...fieldsOf(template),
    is_builtin: template.tenantId === null,
    created_at: toJstIsoString(template.createdAt),
    updated_at: toJstIsoString(template.updatedAt),
  };
}
