import { seededRandom } from '../../src/common/seeded-random';
import { type Lure, type Paragraph, type PhoneForm, type Random, between, chance, makeLure, mobileNumber, pick } from './content';
import { addNovelContent } from './novel-content';

/**
 * One screenshot to make: the app family, the conditions it is rendered under and the message.
 * Conditions are dealt from shuffled decks (see planScenes) so every value turns up evenly in
 * any stretch of the sequence, and the rest is drawn from the seeded random.
 */

export const FAMILIES = [
  'ios-messages',
  'google-messages',
  'plus-message',
  'line-lock',
  'line-chat',
  'ios-mail',
  'gmail-app',
  'gmail-web',
  'yahoo-mail',
  'outlook-mobile',
  'outlook-web',
  'carrier-mail',
] as const;
/**
 * Families the OCR rules were never tuned on, made only with `--variety novel`: kept out of
 * FAMILIES so the standard splits (and every documented seed) stay as they were.
 */
export const NOVEL_FAMILIES = ['galaxy-messages', 'carrier-sms', 'gmail-ios', 'macos-mail', 'thunderbird-win', 'yahoo-mail-web'] as const;
export type Family = (typeof FAMILIES)[number] | (typeof NOVEL_FAMILIES)[number];

/** `standard`: the families and content the rules were tuned on; `novel`: half the images from NOVEL_FAMILIES, and novel content (novel-content.ts) in all. */
export const VARIETIES = ['standard', 'novel'] as const;
export type Variety = (typeof VARIETIES)[number];

export const FAMILY_LABELS: Record<Family, string> = {
  'ios-messages': 'iOS Messages',
  'google-messages': 'Google Messages',
  'plus-message': '+メッセージ',
  'line-lock': 'LINE notifications, lock screen',
  'line-chat': 'LINE chat',
  'ios-mail': 'iOS Mail',
  'gmail-app': 'Gmail app',
  'gmail-web': 'Gmail web',
  'yahoo-mail': 'Yahoo!メール',
  'outlook-mobile': 'Outlook mobile',
  'outlook-web': 'Outlook web',
  'carrier-mail': 'carrier mail (docomo/au/SoftBank)',
  'galaxy-messages': 'Galaxy メッセージ',
  'macos-mail': 'macOS Mail',
  'thunderbird-win': 'Thunderbird on Windows',
  'yahoo-mail-web': 'Yahoo!メール web',
  'gmail-ios': 'Gmail for iOS',
  'carrier-sms': 'carrier SMS app (docomo/au/SoftBank, not +メッセージ)',
};

export const SMS_FAMILIES: ReadonlySet<Family> = new Set(['ios-messages', 'google-messages', 'plus-message', 'line-lock', 'line-chat', 'galaxy-messages', 'carrier-sms']);
export const WEB_FAMILIES: ReadonlySet<Family> = new Set(['gmail-web', 'outlook-web', 'macos-mail', 'thunderbird-win', 'yahoo-mail-web']);

/**
 * How the SMS sender shows. Short codes and LINE display names belong to companies, not people:
 * they are not sensitive, and source_phone is null for them (the report form's sender number is
 * for numbers that can be searched and grouped; a short code is shared by every customer).
 */
export type SenderForm = PhoneForm | 'email' | 'short-code';
const SENDER_FORMS: readonly SenderForm[] = ['hyphen', 'plain', 'intl-spaced', 'intl-compact', 'intl-plain', 'hyphen', 'email', 'short-code'];

export type Theme = 'light' | 'dark';
export type TextSize = 'small' | 'normal' | 'large';
export type Crop = 'none' | 'top' | 'bottom';
export type Format = { kind: 'png' } | { kind: 'jpeg'; quality: number };

export interface Scene {
  index: number;
  name: string;
  family: Family;
  type: 'sms' | 'email';
  theme: Theme;
  textSize: TextSize;
  scale: 1 | 2 | 3;
  viewport: { width: number; height: number };
  format: Format;
  /** Degrees, clockwise; 0 for none. */
  rotation: number;
  crop: Crop;
  /** Share of the cut line's height left in the image (below 0.5: the line counts as gone). */
  cropKeep: number;
  banner: boolean;
  senderForm: SenderForm;
  /** The SMS sender as displayed (phone, e-mail address or short code); null for e-mail families. */
  sender: string | null;
  mixedWidth: boolean;
  longUrl: boolean;
  lure: Lure;
  /** Variant choices a template may use (carrier brand, whether details are expanded, …). */
  variant: number;
  /** "10:15" style clock for the status bar and message times. */
  clock: string;
  random: Random;
}

export interface ConditionCounts {
  [condition: string]: number;
}

/** The condition labels of a scene, for the README tables and the bench's per-condition figures. */
export function conditionsOf(scene: Scene): string[] {
  const labels = [scene.theme, `text-${scene.textSize}`, `${scene.scale}x`, scene.format.kind === 'png' ? 'png' : `jpeg`];
  if (scene.rotation !== 0) labels.push('rotated');
  if (scene.crop !== 'none') labels.push(`crop-${scene.crop}`);
  if (scene.banner) labels.push('banner');
  if (scene.longUrl) labels.push('long-url');
  if (scene.mixedWidth) labels.push('mixed-width');
  if (scene.type === 'sms' && scene.family !== 'line-lock' && scene.family !== 'line-chat') labels.push(`sender-${scene.senderForm}`);
  return labels;
}

/** An endless deck: a shuffled copy of the values, reshuffled each time it runs out. */
function deck<T>(random: Random, values: readonly T[]): () => T {
  let cards: T[] = [];
  return () => {
    if (cards.length === 0) {
      cards = [...values];
      for (let i = cards.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [cards[i], cards[j]] = [cards[j]!, cards[i]!];
      }
    }
    return cards.pop()!;
  };
}

const MOBILE_VIEWPORTS = [
  { width: 375, height: 667 },
  { width: 375, height: 812 },
  { width: 390, height: 844 },
  { width: 393, height: 852 },
  { width: 412, height: 915 },
  { width: 360, height: 780 },
  { width: 430, height: 932 },
  { width: 384, height: 854 },
];
const WEB_VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
  { width: 1200, height: 760 },
  { width: 1024, height: 720 },
];

/** Every other image (in shuffled pairs) from a novel family, each family in turn within its half. */
function halfNovelFamilies(random: Random): () => Family {
  const novelTurn = deck(random, [true, false]);
  const novel = deck<Family>(random, NOVEL_FAMILIES);
  const standard = deck<Family>(random, FAMILIES);
  return () => (novelTurn() ? novel() : standard());
}

/**
 * Scenes for one split: families in turn, conditions from decks, everything from the seed. The
 * novel variety draws its extra choices only where the standard one draws nothing, so a standard
 * plan of a seed is the same whatever this file adds for the novel one.
 */
export function planScenes(random: Random, count: number, prefix: string, variety: Variety = 'standard'): Scene[] {
  const themes = deck<Theme>(random, ['light', 'dark']);
  const sizes = deck<TextSize>(random, ['small', 'normal', 'normal', 'large']);
  const scales = deck<1 | 2 | 3>(random, [1, 2, 3]);
  const formats = deck<'png' | 'jpeg'>(random, ['png', 'jpeg', 'jpeg']);
  const rotations = deck(random, [true, false, false, false, false]);
  const crops = deck<Crop>(random, ['top', 'bottom', 'none', 'none', 'none', 'none']);
  const banners = deck(random, [true, false, false, false]);
  const senders = deck(random, SENDER_FORMS);
  const mixed = deck(random, [true, false, false]);
  const longUrls = deck(random, [true, false]);
  const familyOrder = variety === 'novel' ? halfNovelFamilies(random) : deck<Family>(random, FAMILIES);

  const scenes: Scene[] = [];
  for (let index = 0; index < count; index++) {
    const family = familyOrder();
    const type = SMS_FAMILIES.has(family) ? 'sms' : 'email';
    const web = WEB_FAMILIES.has(family);
    let scale = scales();
    // A 3× desktop capture would be 4000 px wide; desktop screenshots are 1× or 2×.
    if (web && scale === 3) scale = 2;
    const viewport = { ...pick(random, web ? WEB_VIEWPORTS : MOBILE_VIEWPORTS) };
    viewport.width += between(random, -6, 6) * (web ? 4 : 1);
    const formatKind = formats();
    const rotated = rotations();
    const crop = crops();
    const hasSenderLine = type === 'sms' && family !== 'line-lock' && family !== 'line-chat';
    // Drawn only where a sender line shows, so every form turns up in a small set too.
    const senderForm: SenderForm = hasSenderLine ? senders() : 'hyphen';
    const mixedWidth = mixed();
    const longUrl = longUrls();
    const lure = makeLure(random, { mixedWidth, longUrl });
    if (variety === 'novel') addNovelContent(random, lure, { mixedWidth, longUrl });
    let sender: string | null = null;
    if (hasSenderLine) {
      if (senderForm === 'email') sender = lure.fromAddress;
      else if (senderForm === 'short-code') sender = pick(random, ['21', '5963', '6111', '22456', '0020', '30030']) + String(between(random, 0, 9));
      else sender = mobileNumber(random, senderForm);
    }
    const theme = themes();
    const textSize = sizes();
    const scene: Scene = {
      index,
      name: '',
      family,
      type,
      theme,
      textSize,
      scale,
      viewport,
      format: formatKind === 'png' ? { kind: 'png' } : { kind: 'jpeg', quality: between(random, 50, 90) },
      rotation: rotated ? (chance(random, 0.5) ? -1 : 1) * (0.5 + Math.round(random() * 15) / 10) : 0,
      crop,
      cropKeep: chance(random, 0.5) ? 0.2 + random() * 0.15 : 0.65 + random() * 0.15,
      banner: banners(),
      senderForm,
      sender,
      mixedWidth,
      longUrl,
      lure,
      variant: between(random, 0, 5),
      clock: `${between(random, 7, 23)}:${String(between(random, 0, 59)).padStart(2, '0')}`,
      // Its own generator: templates draw from it while pages render in parallel, in any order.
      random: seededRandom(Math.floor(random() * 2 ** 32)),
    };
    const tags = [family, theme === 'dark' ? 'dark' : '', `${scale}x`, textSize !== 'normal' ? textSize : '', rotated ? 'rot' : '', crop !== 'none' ? `crop${crop[0]}` : '', scene.banner ? 'banner' : '', scene.format.kind === 'jpeg' ? `q${scene.format.quality}` : ''].filter(Boolean);
    scene.name = `${prefix}${String(index + 1).padStart(3, '0')}_${tags.join('_')}.${scene.format.kind === 'png' ? 'png' : 'jpg'}`;
    scenes.push(scene);
  }
  return scenes;
}

export type { Paragraph };
