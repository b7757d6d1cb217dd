import { seededRandom } from '../src/common/seeded-random';
import { randomBytes } from 'node:crypto';
import type { NewPhishingReportRow } from '../src/server/db/schema';

/**
 * Realistic-looking phishing reports for the benchmark. The text is drawn from a seeded generator
 * so every run stores the same kind (and size) of rows; only the report ids are truly random,
 * because the app relies on them being unguessable.
 */

const BRANDS = [
  { name: 'Amazon', domain: 'amaz0n-account' },
  { name: '楽天カード', domain: 'rakuten-card-info' },
  { name: '三井住友カード', domain: 'smbc-card-secure' },
  { name: 'ヤマト運輸', domain: 'kuroneko-delivery' },
  { name: '佐川急便', domain: 'sagawa-exp' },
  { name: '日本郵便', domain: 'japanpost-redelivery' },
  { name: 'NTTドコモ', domain: 'docomo-billing' },
  { name: 'au', domain: 'au-support-center' },
  { name: 'ソフトバンク', domain: 'softbank-point' },
  { name: '国税庁', domain: 'nta-tax-refund' },
  { name: 'Apple', domain: 'apple-id-verify' },
  { name: 'メルカリ', domain: 'mercari-login' },
  { name: 'えきねっと', domain: 'eki-net-member' },
  { name: 'イオンカード', domain: 'aeon-card-check' },
] as const;

const SUBJECTS = [
  '【重要】{brand}アカウントの確認が必要です',
  '【{brand}】ご利用確認のお願い',
  '【緊急】{brand}のお支払い方法に問題があります',
  '{brand}：不正アクセスの可能性について',
  '【{brand}】お客様情報の更新手続きのお知らせ',
  '【要対応】{brand}のサービスを一時停止しました',
  '{brand}からの重要なお知らせ（{date}まで）',
];

const OPENINGS = [
  'いつも{brand}をご利用いただきありがとうございます。',
  '{brand}カスタマーサービスです。',
  'お客様のアカウントで異常なログインを検知しました。',
  'お荷物をお届けにあがりましたが、ご不在のため持ち帰りました。',
  '未払いの料金があります。',
  '【{brand}】お客様のご利用分について確認させていただきたい事項がございます。',
];

const MIDDLES = [
  '第三者による不正利用の可能性があるため、ご利用を一時的に制限しております。',
  'セキュリティ強化のため、登録情報の再確認をお願いしております。',
  '確認が取れない場合、アカウントは自動的に停止されます。',
  'お支払い方法の有効期限が切れているため、決済が完了しておりません。',
  '配送先住所に不備があるため、再配達の手続きが必要です。',
  '還付金の受け取り手続きが完了していません。',
  'ポイントの有効期限が近づいております。',
];

const CALLS_TO_ACTION = [
  '下記URLより{date}までにご確認ください。{url}',
  '詳細はこちら {url}',
  '以下のリンクからログインし、情報を更新してください。{url}',
  '再配達のご依頼はこちらから。{url}',
  '24時間以内に手続きを完了してください。{url}',
];

const CLOSINGS = [
  '※本メールは送信専用です。ご返信いただいてもお答えできません。',
  'ご不便をおかけしますが、何卒よろしくお願いいたします。',
  'このメッセージに心当たりがない場合でも、必ずご確認ください。',
  '',
];


export class SampleReports {
  private readonly random: () => number;

  constructor(seed: number, private readonly deletePasswordHash: string) {
    this.random = seededRandom(seed);
  }

  /** Even indexes are e-mail reports, odd ones SMS, as the issue asks. */
  row(index: number, reportedAt: Date): NewPhishingReportRow {
    const brand = this.pick(BRANDS);
    const isEmail = index % 2 === 0;
    const fill = (template: string) =>
      template
        .replaceAll('{brand}', brand.name)
        .replaceAll('{date}', `${1 + this.int(12)}月${1 + this.int(28)}日`)
        .replaceAll('{url}', `https://${brand.domain}-${this.int(1000)}.example/${this.token(8)}`);
    return {
      report_id: randomBytes(16).toString('base64url'),
      receipt_method: isEmail ? 'email' : 'sms',
      subject: isEmail ? fill(this.pick(SUBJECTS)) : null,
      body: this.body(fill),
      source_email: isEmail ? `no-reply@${brand.domain}.example` : null,
      phone_number: isEmail ? null : `0${this.pick(['70', '80', '90'])}-${this.digits(4)}-${this.digits(4)}`,
      publish_screenshot: 0,
      screenshot_key: null,
      original_key: null,
      delete_password_hash: this.deletePasswordHash,
      reporter_ip_hash: null,
      reporter_fingerprint_hash: null,
      reported_at: reportedAt.toISOString(),
    };
  }

  /** 100–300 characters: sentences are added until a random target length is reached. */
  private body(fill: (template: string) => string): string {
    const target = 100 + this.int(201);
    const sentences = [fill(this.pick(OPENINGS)), fill(this.pick(MIDDLES)), fill(this.pick(CALLS_TO_ACTION))];
    let text = sentences.join('\n');
    while (text.length < target) text += `\n${fill(this.pick([...MIDDLES, ...CLOSINGS, ...CALLS_TO_ACTION]))}`;
    return text.length > 300 ? text.slice(0, 300) : text;
  }

  private int(below: number): number {
    return Math.floor(this.random() * below);
  }

  private pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }

  private digits(count: number): string {
    return Array.from({ length: count }, () => this.int(10)).join('');
  }

  private token(length: number): string {
    const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
    return Array.from({ length }, () => alphabet[this.int(alphabet.length)]).join('');
  }
}
