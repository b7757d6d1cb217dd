import { describe, expect, it } from 'vitest';
import { CONSUMER_TEMPLATE_CATEGORIES, TEMPLATE_CATEGORIES, TEMPLATE_VARIABLES } from '../../../../common/templates.schema';
import { decodeEntities, visibleText } from '../../../test/html-text';
import { type BuiltinTemplate } from './builtin-template.types';
import { BUILTIN_TEMPLATES } from './index';

/** Themes the issue names as the most received, which get three lures rather than two. */
const THEMES_WITH_THREE = ['ec', 'card', 'bank', 'delivery', 'cloud', 'internal'];

const ALLOWED_VARIABLES = new Set<string>(TEMPLATE_VARIABLES.map((variable) => variable.name));

/**
 * Real brands that lures must never name (trademarks; the library uses fictitious lookalikes).
 * ASCII names match as whole words, so 「ONLINE」 does not trip 「LINE」.
 */
const REAL_BRANDS = [
  'Amazon', 'アマゾン', 'Apple', 'アップル', 'iPhone', 'iCloud', 'App Store', 'Google', 'グーグル', 'Gmail',
  'Microsoft', 'マイクロソフト', 'Outlook', 'OneDrive', 'SharePoint', 'Teams', 'Windows', 'ウィンドウズ',
  'Office 365', 'ドコモ', 'docomo', 'au', 'KDDI', 'ソフトバンク', 'SoftBank', '楽天', 'Rakuten', 'ヤマト', '佐川',
  '日本郵便', 'ゆうちょ', 'ゆうパック', 'VISA', 'JCB', 'Mastercard', 'マスターカード', 'Saison', 'セゾン', 'Paidy',
  'ペイディ', 'イオン', 'AEON', 'エポス', 'ANA', 'JAL', '全日空', '日本航空', 'SBI', '三井住友', 'SMBC', '三菱UFJ',
  'MUFG', 'みずほ', 'りそな', '野村證券', 'PayPay', 'メルカリ', 'Mercari', 'Yahoo', 'ヤフー', 'NEXCO', 'ネクスコ',
  '東京電力', 'TEPCO', '関西電力', '東京ガス', '大阪ガス', 'Norton', 'ノートン', 'McAfee', 'マカフィー',
  'ウイルスバスター', 'Safari', 'Chrome', 'プライム会員',
];
/**
 * 「LINE」 is allowed in the fake-CEO theme only: the lure's whole point, as received in Japan from
 * December 2025, is a boss asking staff to open a LINE group. It names the app the crooks move the
 * talk to; it does not impersonate the company.
 */
const BRANDS_OUTSIDE_CEO = ['LINE', 'ライン'];

/** Reserved names (RFC 2606/6761) a lure's domains must end in, so no link or address is real. */
const RESERVED_TLDS = ['example', 'invalid', 'test'];
/** File names the bodies mention, which look like domains to the pattern below. */
const FILE_EXTENSIONS = ['pdf', 'zip', 'xlsx', 'docx'];
const DOMAIN_LIKE = /(?:[a-z0-9-]+\.)+[a-z]{2,}\b/gi;

const ALLOWED_TAGS = new Set(['p', 'br', 'a', 'strong', 'b', 'em', 'span', 'div', 'table', 'tr', 'td', 'th', 'tbody', 'thead', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'hr', 'small']);
const ALLOWED_ATTRIBUTES = new Set(['href', 'style']);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function mentions(text: string, brand: string): boolean {
  if (/^[\x20-\x7e]+$/.test(brand)) return new RegExp(`(?<![A-Za-z0-9])${escapeRegExp(brand)}(?![A-Za-z0-9])`, 'i').test(text);
  return text.includes(brand);
}

/** Every text a recipient or an administrator reads: name, sender, subject and both bodies (the HTML one as shown). */
function readableFields(template: BuiltinTemplate): string[] {
  return [template.name, template.sender_name, template.sender_local_part, template.subject, visibleText(template.html_body), template.text_body];
}

/**
 * The text nodes of the HTML body as a mail client shows them: tags removed, entities decoded,
 * white space collapsed. An excerpt must sit inside one node, so the training page can mark it
 * without crossing a tag.
 */
function visibleTextNodes(html: string): string[] {
  return html
    .split(/<[^>]*>/)
    .map((node) => decodeEntities(node).replace(/\s+/g, ' ').trim())
    .filter((node) => node !== '');
}

const cases = BUILTIN_TEMPLATES.map((template) => [template.key, template] as const);

describe('the built-in lure library', () => {
  it('has at least 30 lures with unique, stable keys', () => {
    expect(BUILTIN_TEMPLATES.length).toBeGreaterThanOrEqual(30);
    const keys = BUILTIN_TEMPLATES.map((template) => template.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) {
      expect(key).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(key.length).toBeLessThanOrEqual(64);
    }
  });

  it('covers every theme, with varied difficulty inside a theme', () => {
    for (const category of TEMPLATE_CATEGORIES) {
      const inTheme = BUILTIN_TEMPLATES.filter((template) => template.category === category.id);
      expect(inTheme.length, category.id).toBeGreaterThanOrEqual(THEMES_WITH_THREE.includes(category.id) ? 3 : 2);
      expect(new Set(inTheme.map((template) => template.difficulty)).size, category.id).toBeGreaterThanOrEqual(2);
    }
  });

  it('spreads the lures over the three difficulty levels', () => {
    for (const level of [1, 2, 3]) {
      expect(BUILTIN_TEMPLATES.filter((template) => template.difficulty === level).length, `difficulty ${level}`).toBeGreaterThanOrEqual(8);
    }
  });

  it('gives individual training enough consumer lures, none of which speaks of a company or a department (an individual has neither)', () => {
    const consumer = BUILTIN_TEMPLATES.filter((template) => CONSUMER_TEMPLATE_CATEGORIES.includes(template.category));
    expect(consumer.length).toBeGreaterThanOrEqual(12);
    for (const template of consumer) {
      const text = [template.sender_name, template.subject, template.html_body, template.text_body].join('\n');
      expect(text, template.key).not.toMatch(/\{\{\s*(company_name|department)\s*\}\}/);
    }
  });

  it('uses both landings', () => {
    expect(new Set(BUILTIN_TEMPLATES.map((template) => template.landing))).toEqual(new Set(['training', 'login']));
  });
});

describe.each(cases)('built-in lure %s', (_key, template) => {
  it('has a name, a sender and an ASCII local part', () => {
    expect(template.name.trim()).not.toBe('');
    expect(template.sender_name.trim()).not.toBe('');
    expect(template.sender_local_part).toMatch(/^[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?$/);
    expect(template.sender_local_part.length).toBeLessThanOrEqual(64);
    expect(template.subject.trim()).not.toBe('');
  });

  it('carries the tracked link in both bodies, the HTML one as the href', () => {
    expect(template.html_body).toContain('href="{{url}}"');
    expect(template.text_body).toContain('{{url}}');
  });

  it('uses only the known variables, spelt exactly', () => {
    for (const field of [template.subject, template.html_body, template.text_body]) {
      const used = [...field.matchAll(/{{\s*([a-z_]+)\s*}}/g)].map((match) => match[1] as string);
      for (const variable of used) expect(ALLOWED_VARIABLES, variable).toContain(variable);
      expect(used.length, 'every {{ opens a known variable').toBe(field.split('{{').length - 1);
    }
    expect(template.sender_name).not.toContain('{{');
  });

  it('links nowhere but the tracked link, with mail-safe tags and attributes only', () => {
    const body = template.html_body;
    expect(body).not.toMatch(/<script|<iframe|<form|<img|<style|<object|<embed|javascript:/i);
    expect(body).not.toMatch(/\son[a-z]+\s*=/i);
    for (const match of body.matchAll(/<\/?([a-zA-Z0-9]+)([^>]*)>/g)) {
      const [, tag, attributes] = match as unknown as [string, string, string];
      expect(ALLOWED_TAGS, tag).toContain(tag.toLowerCase());
      for (const attribute of attributes.matchAll(/([a-zA-Z-]+)\s*=\s*"([^"]*)"/g)) {
        expect(ALLOWED_ATTRIBUTES, attribute[1]).toContain(attribute[1]);
        if (attribute[1] === 'href') expect(attribute[2]).toBe('{{url}}');
      }
    }
  });

  it('has 2 to 5 red flags, each pointing at text the recipient sees', () => {
    expect(template.red_flags.length).toBeGreaterThanOrEqual(2);
    expect(template.red_flags.length).toBeLessThanOrEqual(5);
    const header = [template.sender_name, template.sender_local_part, template.subject];
    const htmlNodes = visibleTextNodes(template.html_body);
    for (const flag of template.red_flags) {
      expect(flag.label.trim()).not.toBe('');
      expect(flag.explanation.trim()).not.toBe('');
      // A variable is replaced when the mail is rendered, so an excerpt holding one would never be found.
      expect(flag.excerpt).not.toMatch(/{{|\n/);
      const inHeader = header.some((field) => field.includes(flag.excerpt));
      const inText = template.text_body.includes(flag.excerpt);
      const inHtml = htmlNodes.some((node) => node.includes(flag.excerpt));
      expect(inHeader || inText, `excerpt 「${flag.excerpt}」 is in the sender, subject or body`).toBe(true);
      // Whichever body the mail client shows, the flag can be marked on it.
      expect(inHtml, `excerpt 「${flag.excerpt}」 is in the HTML body as well as the text one`).toBe(inText);
    }
  });

  it('names no real brand', () => {
    const brands = template.category === 'ceo' ? REAL_BRANDS : [...REAL_BRANDS, ...BRANDS_OUTSIDE_CEO];
    const flagTexts = template.red_flags.map((flag) => `${flag.label} ${flag.explanation} ${flag.excerpt}`);
    for (const field of [...readableFields(template), ...flagTexts]) {
      // 「オンライン」 is an ordinary word that happens to contain 「ライン」.
      const text = field.replace(/オンライン/g, '');
      for (const brand of brands) expect(mentions(text, brand), `mentions ${brand} in 「${field.slice(0, 40)}」`).toBe(false);
    }
  });

  it('shows only reserved, never real, domains', () => {
    // The local part is left out: 「kobayashi.megumi」 is the part before the @, not a host.
    const fields = readableFields(template).filter((field) => field !== template.sender_local_part);
    for (const field of fields) {
      for (const [domain] of field.matchAll(DOMAIN_LIKE)) {
        const tld = domain.split('.').pop()?.toLowerCase() ?? '';
        expect([...RESERVED_TLDS, ...FILE_EXTENSIONS], domain).toContain(tld);
      }
    }
  });
});
