import fs from 'node:fs';
import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_HOUSE_ADS, type HouseAd, houseAdListSchema } from '../common/house-ads';
import { SCREENSHOT_ORIGINAL_RETENTION_DAYS } from '../common/limits';
import { type MailSender, parseMailSender } from './features/mail/mail-message';

export const DEFAULT_MAIL_FROM = 'キヅキ <no-reply@kizuki.example>';

/** A reserved name (RFC 2606): nothing is delivered on its behalf until the operator sets their own. */
export const DEFAULT_TRAINING_MAIL_DOMAIN = 'training.kizuki.example';
const TRAINING_DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no', ''])
  .default('')
  .transform((flag) => ['1', 'true', 'on', 'yes'].includes(flag));

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:.+|postgres(ql)?:\/\/.+)$/, 'must be sqlite:<path> or postgres://…')
    .optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\/.+/, 'must be redis://… or rediss://…').optional(),
  /**
   * Which X-Forwarded-For entries to believe. Unset/false: none (the socket address is the client).
   * A hop count (1 = one reverse proxy in front) or a comma-separated list of proxy addresses/CIDRs.
   * `true` means 1: trusting every hop would let a client pick its own address with a left-most entry.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, context) => {
      const flag = value.trim().toLowerCase();
      if (['', '0', 'false', 'off', 'no'].includes(flag)) return false;
      if (['true', 'on', 'yes'].includes(flag)) return 1;
      if (/^\d+$/.test(flag)) return Number(flag);
      const addresses = flag.split(',').map((entry) => entry.trim()).filter(Boolean);
      if (addresses.length > 0 && addresses.every((entry) => isIP(entry.split('/')[0] ?? '') !== 0 || ['loopback', 'linklocal', 'uniquelocal'].includes(entry))) {
        return addresses;
      }
      context.addIssue({ code: 'custom', message: 'must be false, a hop count (e.g. 1) or a comma-separated list of proxy addresses/CIDRs' });
      return z.NEVER;
    }),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_REPORT_SUBMIT: positiveInt(10),
  RATE_LIMIT_SCREENSHOT_ANALYZE: positiveInt(20),
  RATE_LIMIT_REPORT_DELETE: positiveInt(30),
  /** Public 「不適切な報告を通知」 flags per client per hour. */
  RATE_LIMIT_REPORT_FLAG: positiveInt(10),
  RATE_LIMIT_LOGIN: positiveInt(30),
  RATE_LIMIT_ACCOUNT_MAIL: positiveInt(10),
  RATE_LIMIT_REGISTER: positiveInt(10),
  /** Individual training registrations per client IP per hour. */
  RATE_LIMIT_INDIVIDUAL_REGISTER: positiveInt(10),
  /** Individual training registration attempts per address per hour (the same for registered and unregistered addresses). */
  RATE_LIMIT_INDIVIDUAL_ADDRESS: positiveInt(5),
  /** OCR workers; each is a worker thread holding the Japanese model (about 100 MB). */
  OCR_WORKERS: positiveInt(Math.max(1, Math.min(4, os.availableParallelism()))),
  /** Analyse requests allowed to wait for a busy OCR worker before new ones get 503. */
  OCR_QUEUE_LIMIT: positiveInt(8),
  OCR_QUEUE_TIMEOUT_MS: positiveInt(15_000),
  SCREENSHOT_ORIGINAL_RETENTION_DAYS: positiveInt(SCREENSHOT_ORIGINAL_RETENTION_DAYS),
  /** smtp://user:pass@host:port or smtps://…; unset outside production → the development mailbox. */
  SMTP_URL: z.string().regex(/^smtps?:\/\/[^\s]+$/, 'must be smtp://user:pass@host:port or smtps://…').optional(),
  MAIL_FROM: z
    .string()
    .default(DEFAULT_MAIL_FROM)
    .refine((value) => parseMailSender(value) !== null, 'must be "Name <address@example.com>" or an address'),
  /**
   * The domain training mail is sent from: `sender_name <sender_local_part@TRAINING_MAIL_DOMAIN>`.
   * In production a domain of the operator's with its own SPF/DKIM, kept apart from MAIL_FROM's,
   * so lures never spend the reputation of the account mails.
   */
  TRAINING_MAIL_DOMAIN: z
    .string()
    .default(DEFAULT_TRAINING_MAIL_DOMAIN)
    .transform((value) => value.trim().toLowerCase())
    .refine((value) => TRAINING_DOMAIN.test(value), 'must be a domain name such as training.example.com'),
  /**
   * The header every training mail carries so mail gateways can allow-list the simulation
   * (Microsoft 365 advanced delivery, Google Workspace, others): `NAME: VALUE`.
   */
  TRAINING_MAIL_HEADER_NAME: z
    .string()
    .default('X-Kizuki-Simulation')
    .refine((value) => /^[A-Za-z0-9-]{1,64}$/.test(value), 'must be a header name of letters, digits and hyphens'),
  TRAINING_MAIL_HEADER_VALUE: z
    .string()
    .default('phishing-training')
    .refine((value) => /^[\x21-\x7e]{1,128}$/.test(value), 'must be printable ASCII without spaces'),
  /** The IP addresses training mail leaves from (comma-separated), shown in the allow-list guide. */
  TRAINING_MAIL_SENDING_IPS: z
    .string()
    .optional()
    .transform((value, context) => {
      const addresses = (value ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
      const invalid = addresses.filter((address) => isIP(address) === 0 && !/^[0-9.]+\/\d{1,2}$/.test(address));
      if (invalid.length > 0) {
        context.addIssue({ code: 'custom', message: `must be comma-separated IP addresses or IPv4 ranges; not ${invalid.join(', ')}` });
        return z.NEVER;
      }
      return addresses;
    }),
  /** Where tracking links, the open pixel and the lesson page live; unset: APP_URL. */
  TRACKING_URL: z.string().url().optional(),
  /** A click sooner than this after delivery is taken for a mail scanner (seconds). */
  TRACKING_MIN_CLICK_DELAY_S: z.coerce.number().int().min(0).max(3600).default(10),
  /** Days after the last send that opens and clicks still arrive before a campaign completes by itself. */
  CAMPAIGN_TRACKING_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  /** Individual training mail also skips Japanese public holidays (default on; SPEC §1 only asks for weekdays). */
  INDIVIDUAL_SKIP_HOLIDAYS: z.enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no']).default('1').transform((flag) => ['1', 'true', 'on', 'yes'].includes(flag)),
  /** 適格請求書の発行事業者: the name, registration number (T + 13 digits), address and bank account printed on every invoice. */
  INVOICE_ISSUER_NAME: z.string().trim().min(1).max(100).default('株式会社キヅキ'),
  INVOICE_ISSUER_REGISTRATION_NUMBER: z
    .string()
    .trim()
    .default('T1234567890123')
    .refine((value) => /^T\d{13}$/.test(value), 'must be T followed by 13 digits (適格請求書発行事業者の登録番号), e.g. T1234567890123'),
  INVOICE_ISSUER_ADDRESS: z.string().trim().min(1).max(200).default('〒100-0001 東京都千代田区千代田1-1 キヅキビル'),
  /**
   * Card payment through Stripe Checkout (issue 14): offered only when both the secret key and the
   * webhook's signing secret are set, since plans change from the signed webhook alone.
   */
  STRIPE_SECRET_KEY: z.string().trim().regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe secret key (sk_test_… / sk_live_…)').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().trim().regex(/^whsec_[A-Za-z0-9]+$/, 'must be a Stripe webhook signing secret (whsec_…)').optional(),
  /** Where the Stripe API is (default Stripe's own); tests and stripe-mock point it at loopback. */
  STRIPE_API_URL: z.url().optional(),
  /** The free plan's house ads: a JSON file holding an array of { title, text, link: { href, label } }; unset: the built-in ones. */
  HOUSE_ADS_FILE: z.string().min(1).optional(),
  /** 振込先, one line: bank, branch, account type and number, holder. */
  INVOICE_BANK_ACCOUNT: z.string().trim().min(1).max(200).default('キヅキ銀行 本店営業部 普通 1234567 カ）キヅキ'),
  /** Serve /dev/mailbox to any client, not only loopback ones (a shared development server). */
  DEV_MAILBOX_PUBLIC: booleanFlag,
  /** Run the mail worker inside the server process (default on; off under NODE_ENV=test). */
  MAIL_WORKER: z.enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no']).optional(),
  /**
   * DNS servers that sending-domain verification asks for TXT records: comma-separated
   * `address[:port]` (IPv6 as `[::1]:53`). Unset: the system's resolvers.
   */
  DNS_SERVERS: z
    .string()
    .optional()
    .transform((value, context) => {
      const servers = (value ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
      const invalid = servers.filter((server) => !isDnsServerAddress(server));
      if (invalid.length > 0) {
        context.addIssue({ code: 'custom', message: `must be comma-separated IP addresses with an optional port (e.g. 1.1.1.1,127.0.0.1:5353,[::1]:53); not ${invalid.join(', ')}` });
        return z.NEVER;
      }
      return servers;
    }),
});

/** An address node:dns's setServers accepts: `1.2.3.4`, `1.2.3.4:53`, `::1` or `[::1]:53`. */
function isDnsServerAddress(entry: string): boolean {
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(entry);
  if (bracketed) return isIP(bracketed[1]!) === 6 && validPort(bracketed[2]);
  if (isIP(entry) !== 0) return true;
  const withPort = /^([^:]+):(\d{1,5})$/.exec(entry);
  return withPort !== null && isIP(withPort[1]!) === 4 && validPort(withPort[2]);
}

function validPort(port: string | undefined): boolean {
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
}

export type DatabaseTarget =
  | { dialect: 'sqlite'; filename: string }
  | { dialect: 'postgres'; connectionString: string; schema?: string };

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  database: DatabaseTarget;
  redisUrl: string | undefined;
  /** Fastify's trustProxy: false, a hop count, or the proxy addresses whose X-Forwarded-For is believed. */
  trustProxy: false | number | string[];
  /** Signs CSRF tokens; read from APP_SECRET or generated once into DATA_DIR. */
  appSecret: string | undefined;
  logLevel: string;
  rateLimits: {
    reportSubmit: number; screenshotAnalyze: number; reportDelete: number; login: number; accountMail: number; register: number;
    individualRegister: number; individualAddress: number;
    reportFlag: number;
  };
  ocr: { workers: number; queueLimit: number; queueTimeoutMs: number };
  /** Private screenshot originals are deleted this many days after the report. */
  screenshotOriginalRetentionDays: number;
  mail: {
    /** Unset: the development mailbox (never in production). */
    smtpUrl: string | undefined;
    from: MailSender;
    /** Start the outbox worker with the server. */
    worker: boolean;
    /** /dev/mailbox answers non-loopback clients too (DEV_MAILBOX_PUBLIC=1). */
    devMailboxPublic: boolean;
    /** Training mail's sender domain (TRAINING_MAIL_DOMAIN). */
    trainingDomain: string;
  };
  /** DNS servers for sending-domain verification (`address[:port]`); empty: the system's resolvers. */
  dnsServers: string[];
  /** Card payment (STRIPE_*); null: 請求書払い only. */
  stripe: StripeConfig | null;
  /** The free plan's ad slot (HOUSE_ADS_FILE, else DEFAULT_HOUSE_ADS). */
  houseAds: readonly HouseAd[];
  /** The issuer printed on every 適格請求書 (INVOICE_ISSUER_*, INVOICE_BANK_ACCOUNT). */
  invoiceIssuer: InvoiceIssuer;
  training: {
    /** Identifies every training mail for allow-listing (TRAINING_MAIL_HEADER_NAME / _VALUE). */
    header: { name: string; value: string };
    /** Where training mail leaves from (TRAINING_MAIL_SENDING_IPS), for the allow-list guide. */
    sendingIps: string[];
    /** Origin of tracking links and the lesson page (TRACKING_URL, else APP_URL), no trailing slash. */
    trackingUrl: string;
    /** TRACKING_MIN_CLICK_DELAY_S. */
    minClickDelaySeconds: number;
    /** CAMPAIGN_TRACKING_DAYS. */
    trackingDays: number;
    /** INDIVIDUAL_SKIP_HOLIDAYS: individual training mail avoids Japanese public holidays too. */
    individualSkipHolidays: boolean;
  };
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** STRIPE_API_URL, or null for api.stripe.com. */
  apiUrl: string | null;
}

export interface InvoiceIssuer {
  name: string;
  /** T + 13 digits. */
  registrationNumber: string;
  address: string;
  /** 振込先. */
  bankAccount: string;
}

export class ConfigError extends Error {}

/** For process entry points: a bad environment prints what is wrong and exits with EX_CONFIG (78). */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): AppConfig {
  const blankToUndefined = Object.fromEntries(
    Object.entries(environment).map(([key, value]) => [key, value === '' ? undefined : value]),
  );
  const parsed = environmentSchema.safeParse(blankToUndefined);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.')}: ${issue.message} (got ${JSON.stringify(environment[String(issue.path[0])])})`,
    );
    throw new ConfigError(`環境変数の設定が正しくありません / Invalid environment variables:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
    throw new ConfigError(
      '環境変数の設定が正しくありません / Invalid environment variables:\n' +
        '  SMTP_URL: required when NODE_ENV=production (smtp://user:pass@host:port or smtps://…); the development mailbox is not for production',
    );
  }
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir,
    database: databaseTarget(env.DATABASE_URL, dataDir),
    redisUrl: env.REDIS_URL,
    trustProxy: env.TRUST_PROXY,
    appSecret: env.APP_SECRET,
    logLevel: env.LOG_LEVEL,
    rateLimits: {
      reportSubmit: env.RATE_LIMIT_REPORT_SUBMIT,
      screenshotAnalyze: env.RATE_LIMIT_SCREENSHOT_ANALYZE,
      reportDelete: env.RATE_LIMIT_REPORT_DELETE,
      login: env.RATE_LIMIT_LOGIN,
      accountMail: env.RATE_LIMIT_ACCOUNT_MAIL,
      register: env.RATE_LIMIT_REGISTER,
      individualRegister: env.RATE_LIMIT_INDIVIDUAL_REGISTER,
      individualAddress: env.RATE_LIMIT_INDIVIDUAL_ADDRESS,
      reportFlag: env.RATE_LIMIT_REPORT_FLAG,
    },
    ocr: { workers: env.OCR_WORKERS, queueLimit: env.OCR_QUEUE_LIMIT, queueTimeoutMs: env.OCR_QUEUE_TIMEOUT_MS },
    screenshotOriginalRetentionDays: env.SCREENSHOT_ORIGINAL_RETENTION_DAYS,
    mail: {
      smtpUrl: env.SMTP_URL,
      from: parseMailSender(env.MAIL_FROM) as MailSender,
      worker: env.MAIL_WORKER === undefined ? env.NODE_ENV !== 'test' : ['1', 'true', 'on', 'yes'].includes(env.MAIL_WORKER),
      devMailboxPublic: env.DEV_MAILBOX_PUBLIC,
      trainingDomain: env.TRAINING_MAIL_DOMAIN,
    },
    dnsServers: env.DNS_SERVERS,
    stripe: stripeConfig(env.STRIPE_SECRET_KEY, env.STRIPE_WEBHOOK_SECRET, env.STRIPE_API_URL),
    houseAds: env.HOUSE_ADS_FILE ? houseAdsFrom(env.HOUSE_ADS_FILE) : DEFAULT_HOUSE_ADS,
    invoiceIssuer: {
      name: env.INVOICE_ISSUER_NAME,
      registrationNumber: env.INVOICE_ISSUER_REGISTRATION_NUMBER,
      address: env.INVOICE_ISSUER_ADDRESS,
      bankAccount: env.INVOICE_BANK_ACCOUNT,
    },
    training: {
      header: { name: env.TRAINING_MAIL_HEADER_NAME, value: env.TRAINING_MAIL_HEADER_VALUE },
      sendingIps: env.TRAINING_MAIL_SENDING_IPS,
      trackingUrl: (env.TRACKING_URL ?? env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
      minClickDelaySeconds: env.TRACKING_MIN_CLICK_DELAY_S,
      trackingDays: env.CAMPAIGN_TRACKING_DAYS,
      individualSkipHolidays: env.INDIVIDUAL_SKIP_HOLIDAYS,
    },
  };
}

/** HOUSE_ADS_FILE read and checked at start-up: a bad file stops the server with the reason, never shows a broken ad. */
function houseAdsFrom(file: string): readonly HouseAd[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(`HOUSE_ADS_FILE: cannot read ${file} as JSON (${(error as Error).message})`);
  }
  const ads = houseAdListSchema.safeParse(parsed);
  if (!ads.success) {
    throw new ConfigError(`HOUSE_ADS_FILE: ${file} is not a list of house ads:\n${ads.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n')}`);
  }
  return ads.data;
}

/** Card payment needs both secrets: a key alone would take money whose webhook could never change the plan. */
function stripeConfig(secretKey: string | undefined, webhookSecret: string | undefined, apiUrl: string | undefined): StripeConfig | null {
  if (!secretKey && !webhookSecret) return null;
  if (!secretKey || !webhookSecret) throw new ConfigError('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together (card payment needs the signed webhook).');
  return { secretKey, webhookSecret, apiUrl: apiUrl ?? null };
}

function databaseTarget(url: string | undefined, dataDir: string): DatabaseTarget {
  if (!url) return { dialect: 'sqlite', filename: path.join(dataDir, 'kizuki.sqlite') };
  if (url.startsWith('sqlite:')) return { dialect: 'sqlite', filename: path.resolve(url.slice('sqlite:'.length)) };
  return { dialect: 'postgres', connectionString: url };
}
