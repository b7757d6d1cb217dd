import { escapeHtml } from '../../lib/html';
import type { OutgoingMail } from '../mail/mail-message';
import { mailDate, renderTemplate, type RenderableTemplate, type VariableValues } from '../templates/template-render';
import { trackingLinks } from '../tracking/tracking-paths';

export interface TrainingMailInput {
  template: RenderableTemplate;
  recipient: { name: string; email: string; department: string | null; token: string };
  companyName: string;
  now: Date;
  trackingUrl: string;
  trainingDomain: string;
  /** The header gateways allow-list the simulation by (TRAINING_MAIL_HEADER_NAME / _VALUE). */
  header: { name: string; value: string };
  /** Set for mail a person can stop (individual training): the one-click unsubscribe link (List-Unsubscribe). */
  unsubscribeUrl?: string;
  /** Text after the lure (individual training: who sends it and how to stop), in both parts. */
  footer?: { html: string; text: string };
}

/** The values a recipient's mail is filled with (the mail, and the lesson that shows it again). */
export function recipientValues(recipient: TrainingMailInput['recipient'], companyName: string, sentAt: Date, url: string): VariableValues {
  return { name: recipient.name, email: recipient.email, company_name: companyName, department: recipient.department ?? '', date: mailDate(sentAt), url };
}

/**
 * One recipient's training mail: the template with their values, `{{url}}` as their tracked link,
 * an open pixel and a honeypot link at the end of the HTML part, the plain-text part, and the
 * simulation header. Never an ad.
 *
 * The honeypot is an empty link hidden from people (display:none, aria-hidden, out of the tab
 * order); mail scanners that follow every href fetch it, and that marks their other requests.
 */
export function composeTrainingMail(input: TrainingMailInput): OutgoingMail {
  const links = trackingLinks(input.trackingUrl, input.recipient.token);
  const rendered = renderTemplate(input.template, recipientValues(input.recipient, input.companyName, input.now, links.click), input.trainingDomain);
  const trailer =
    (input.footer?.html ?? '') +
    `<a href="${escapeHtml(links.honeypot)}" style="display:none" aria-hidden="true" tabindex="-1"></a>` +
    `<img src="${escapeHtml(links.open)}" width="1" height="1" alt="" style="display:block;border:0;width:1px;height:1px">`;
  const closing = rendered.html.search(/<\/body\s*>/i);
  const html = closing >= 0 ? `${rendered.html.slice(0, closing)}${trailer}${rendered.html.slice(closing)}` : `${rendered.html}${trailer}`;
  return {
    to: input.recipient.email,
    subject: rendered.subject,
    html,
    text: input.footer ? `${rendered.text}\n\n${input.footer.text}` : rendered.text,
    from: rendered.from,
    headers: { [input.header.name]: input.header.value },
    ...(input.unsubscribeUrl ? { unsubscribeUrl: input.unsubscribeUrl } : {}),
  };
}
