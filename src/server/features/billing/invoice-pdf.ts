import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { PAYMENT_METHOD_LABELS } from '../../../common/billing.schema';
import { japaneseDate, yen } from '../../../common/billing-dates';
import { planOf } from '../../../common/plans';
import type { InvoiceIssuer } from '../../config';
import { tokyoDate } from './invoice-figures';
import type { StoredInvoice } from './invoices.repo';

/**
 * The 適格請求書 (qualified invoice) as a PDF, drawn with pdfkit. The Japanese font is Noto Sans JP
 * from the @embedpdf/fonts-jp package, read from node_modules (nothing is fetched at run time) and
 * embedded as a subset of the characters used, so the file stays small and its text extractable.
 *
 * It carries what the インボイス制度 asks of a qualified invoice: the issuer's name and registration
 * number (T + 13 digits), the date, the buyer, the items, the total per tax rate with the rate,
 * and the tax per rate; and besides: the invoice number, the due date and the 振込先.
 */

const require = createRequire(import.meta.url);
let fontBytes: Buffer | undefined;

/** Noto Sans JP Regular, read once per process. */
function japaneseFont(): Buffer {
  // The package exports only its index (dist/index.cjs); the fonts sit beside dist/.
  fontBytes ??= fs.readFileSync(path.join(path.dirname(require.resolve('@embedpdf/fonts-jp')), '..', 'fonts', 'NotoSansJP-Regular.otf'));
  return fontBytes;
}

/** The invoice's own file name (Content-Disposition, the saved file). */
export function invoiceFileName(invoice: Pick<StoredInvoice, 'invoiceNumber'>): { ascii: string; japanese: string } {
  return { ascii: `invoice-${invoice.invoiceNumber}.pdf`, japanese: `請求書_${invoice.invoiceNumber}.pdf` };
}

const IDEOGRAPHIC_SPACE = '\u3000';
const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const INK = '#1f2937';
const MUTED = '#4b5563';
const RULE = '#9ca3af';

export interface InvoicePdfInput {
  invoice: StoredInvoice;
  issuer: InvoiceIssuer;
  /** Tokyo date (YYYY-MM-DD) of the last day of the period. */
  periodLastDay: string;
  periodFirstDay: string;
}

export async function renderInvoicePdf({ invoice, issuer, periodFirstDay, periodLastDay }: InvoicePdfInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    lang: 'ja',
    info: { Title: `請求書 ${invoice.invoiceNumber}`, Author: issuer.name, Subject: '適格請求書', Creator: 'Kizuki', CreationDate: invoice.createdAt },
  });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('jp', japaneseFont());
  doc.font('jp').fillColor(INK);

  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  const width = right - left;

  // Title
  doc.fontSize(24).text('請求書', left, 46, { width, align: 'center' });
  doc.fontSize(9).fillColor(MUTED).text('（適格請求書）', left, 78, { width, align: 'center' });

  // Number and date, top right
  doc.fillColor(INK).fontSize(9);
  doc.text(`請求書番号：${invoice.invoiceNumber}`, left, 100, { width, align: 'right' });
  doc.text(`発行日：${japaneseDate(invoice.issueDate)}`, left, 114, { width, align: 'right' });

  // Buyer, left
  const buyer = invoice.buyer;
  let y = 140;
  doc.fontSize(14).text(`${buyer.company_name} 御中`, left, y, { width: 300 });
  y = doc.y + 2;
  doc.moveTo(left, y).lineTo(left + 300, y).lineWidth(0.8).strokeColor(INK).stroke();
  y += 6;
  doc.fontSize(9);
  const buyerLines = [
    buyer.department,
    buyer.contact_name ? `${buyer.contact_name} 様` : '',
    buyer.postal_code ? `〒${buyer.postal_code}` : '',
    buyer.address,
  ].filter((line) => line.length > 0);
  for (const line of buyerLines) {
    doc.text(line, left, y, { width: 300 });
    y = doc.y + 1;
  }

  // Issuer, right
  const issuerX = left + 320;
  const issuerWidth = width - 320;
  let issuerY = 140;
  doc.fontSize(11).text(issuer.name, issuerX, issuerY, { width: issuerWidth });
  issuerY = doc.y + 2;
  doc.fontSize(8.5).text(`登録番号：${issuer.registrationNumber}`, issuerX, issuerY, { width: issuerWidth });
  issuerY = doc.y + 1;
  doc.text(issuer.address, issuerX, issuerY, { width: issuerWidth });
  issuerY = doc.y;

  // Amount due
  y = Math.max(y, issuerY) + 22;
  doc.fontSize(10).text('下記のとおりご請求申し上げます。', left, y);
  y = doc.y + 10;
  doc.rect(left, y, 300, 34).fillColor('#f3f4f6').fill();
  doc.fillColor(INK).fontSize(11).text('ご請求金額（税込）', left + 10, y + 10);
  doc.fontSize(16).text(yen(invoice.total), left + 120, y + 6, { width: 170, align: 'right' });
  y += 44;
  doc.fontSize(9);
  doc.text(`お支払期限：${japaneseDate(invoice.dueDate)}`, left, y);
  y = doc.y + 1;
  doc.text(`対象期間：${japaneseDate(periodFirstDay)}〜${japaneseDate(periodLastDay)}`, left, y);
  y = doc.y + 1;
  doc.text(`プラン：${planOf(invoice.plan).name}${IDEOGRAPHIC_SPACE}お支払い方法：${PAYMENT_METHOD_LABELS[invoice.method]}`, left, y);
  y = doc.y + 16;

  // Items
  const columns = { description: left + 6, quantity: left + 300, unitPrice: left + 350, amount: left + 420 };
  const headerHeight = 20;
  doc.rect(left, y, width, headerHeight).fillColor('#e5e7eb').fill();
  doc.fillColor(INK).fontSize(9);
  doc.text('品目', columns.description, y + 5, { width: 280 });
  doc.text('数量', columns.quantity, y + 5, { width: 40, align: 'right' });
  doc.text('単価（税抜）', columns.unitPrice, y + 5, { width: 65, align: 'right' });
  doc.text('金額（税抜）', columns.amount, y + 5, { width: right - columns.amount - 6, align: 'right' });
  y += headerHeight;
  for (const item of invoice.items) {
    const rowTop = y + 6;
    doc.text(item.description, columns.description, rowTop, { width: 285 });
    const rowBottom = doc.y;
    doc.text(String(item.quantity), columns.quantity, rowTop, { width: 40, align: 'right' });
    doc.text(yen(item.unit_price), columns.unitPrice, rowTop, { width: 65, align: 'right' });
    doc.text(yen(item.amount), columns.amount, rowTop, { width: right - columns.amount - 6, align: 'right' });
    y = rowBottom + 6;
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor(RULE).stroke();
  }
  doc.fontSize(8).fillColor(MUTED).text(`品目はすべて標準税率（${invoice.taxRatePercent}%）の対象です。`, left, y + 4);
  y = doc.y + 12;

  // Totals per tax rate
  const labelX = left + 250;
  const valueWidth = right - labelX - 6;
  const totals: Array<[string, string]> = [
    [`${invoice.taxRatePercent}%対象 小計（税抜）`, yen(invoice.subtotal)],
    [`消費税（${invoice.taxRatePercent}%）`, yen(invoice.tax)],
    ['合計（税込）', yen(invoice.total)],
  ];
  doc.fillColor(INK).fontSize(10);
  for (const [label, value] of totals) {
    doc.text(label, labelX, y, { width: valueWidth / 2 + 40 });
    doc.text(value, labelX, y, { width: valueWidth, align: 'right' });
    y = doc.y + 5;
    doc.moveTo(labelX, y - 2).lineTo(right, y - 2).lineWidth(0.5).strokeColor(RULE).stroke();
    y += 3;
  }
  doc.fontSize(8.5).fillColor(MUTED).text(
    `税率別内訳：${invoice.taxRatePercent}%対象 ${yen(invoice.subtotal)}（消費税 ${yen(invoice.tax)}）${IDEOGRAPHIC_SPACE}消費税の端数は請求書ごと・税率ごとに1回切り捨てています。`,
    left, y + 4, { width },
  );
  y = doc.y + 18;

  if (invoice.method === 'card') {
    // Paid through Stripe: no transfer is asked for.
    doc.fillColor(INK).fontSize(10).text('お支払い', left, y);
    y = doc.y + 3;
    doc.rect(left, y, width, 1).fillColor(RULE).fill();
    const paid = invoice.paidAt ? `${japaneseDate(tokyoDate(invoice.paidAt))}にクレジットカードで決済済みです。` : 'ご登録のクレジットカードで決済します。';
    doc.fillColor(INK).fontSize(9.5).text(`${paid}お振り込みは不要です。`, left, y + 6, { width });
  } else {
    // 振込先
    doc.fillColor(INK).fontSize(10).text('お振込先', left, y);
    y = doc.y + 3;
    doc.rect(left, y, width, 1).fillColor(RULE).fill();
    doc.fillColor(INK).fontSize(9.5).text(issuer.bankAccount, left, y + 6, { width });
    y = doc.y + 4;
    doc.fontSize(8.5).fillColor(MUTED).text(
      `お支払期限（${japaneseDate(invoice.dueDate)}）までにお振り込みください。振込手数料は貴社にてご負担くださいますようお願いいたします。お振込名義の前に請求書番号（${invoice.invoiceNumber}）をご記入いただくと確認が早くなります。`,
      left, y, { width },
    );
  }

  // The footer sits in the bottom margin: without this pdfkit would start a second page for it.
  doc.page.margins.bottom = 0;
  doc.fontSize(7.5).fillColor(MUTED).text(`${issuer.name}（登録番号 ${issuer.registrationNumber}）`, left, PAGE.height - PAGE.margin - 10, { width, align: 'center', lineBreak: false });
  doc.end();
  return finished;
}
