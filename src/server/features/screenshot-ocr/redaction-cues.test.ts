import { describe, expect, it } from 'vitest';
import { covered, ocrLine, type OcrLineOptions, touches } from '../../test/ocr-line-factories';
import type { OcrLine } from './ocr-layout';
import { findSensitiveBoxes } from './sensitive-areas';

/**
 * Round 16's redaction rules, each on the shape of the lines it was made for: the cue, the value, a
 * wrap, an icon, a banner or a turned page that the reading lost.
 */

const line = (text: string, y: number, options: OcrLineOptions = {}) => ocrLine(text, y, { charConfidence: 95, ...options });
const SCREEN = { width: 800, height: 600 };

describe('a sender address cut by a banner right after its "<"', () => {
  it('covers "<nc" ending a display name\'s line', () => {
    const read = line('Apple会員サポート<nc', 100);
    const cut = read.charBoxes.slice(-3);
    expect(covered(findSensitiveBoxes([read], SCREEN), { x: cut[0]!.x, y: 100, w: cut[2]!.x + cut[2]!.w - cut[0]!.x, h: 20 })).toBe(true);
  });

  it('leaves a back button\'s "<Back" that starts its line, and digits after "<"', () => {
    for (const text of ['<Back', '<戻る', 'お知らせ <12']) {
      const read = line(text, 100);
      expect(touches(findSensitiveBoxes([read], SCREEN), read.box)).toBe(false);
    }
  });
});

describe('an address broken at "-" at its line\'s end, its "@" and dots lost', () => {
  it('covers the run and the next line it wraps onto', () => {
    const first = line('NTTドコモ事務局・infoemailLdocomo-', 100, { x: 140, h: 16 });
    const rest = line('mydocomoっyz', 116, { x: 100, h: 16 });
    const boxes = findSensitiveBoxes([first, rest], SCREEN);
    expect(covered(boxes, rest.box)).toBe(true);
  });

  it('leaves a short word with a hyphen, and a sentence after it', () => {
    const first = line('Wi-Fiの設定はこちら Wi-', 100);
    const next = line('いつもご利用ありがとうございます。', 120);
    expect(touches(findSensitiveBoxes([first, next], SCREEN), next.box)).toBe(false);
  });
});

describe('a To row set in a row taller than its glyphs', () => {
  it('covers up through the blank above it to the glyphs of the row above', () => {
    const subject = line('お支払い情報の更新', 180, { x: 400, h: 28 });
    const to = line('宛先:nakamura_dai5702@i.softbank', 229, { x: 400, h: 26 });
    const boxes = findSensitiveBoxes([subject, to], SCREEN);
    expect(covered(boxes, { x: 460, y: 209, w: 100, h: 40 })).toBe(true);
    expect(touches(boxes, { ...subject.box, h: subject.box.h - 1 })).toBe(false);
  });
});

describe('an address\'s first characters read together with an icon beside them', () => {
  it('covers the characters over the address\'s start, not the icon', () => {
    const icon: OcrLine = { ...line('還>', 91, { x: 12, h: 20, confidence: 39 }) };
    icon.charBoxes = [{ x: 12, y: 91, w: 20, h: 20 }, { x: 59, y: 97, w: 11, h: 9 }];
    icon.box = { x: 12, y: 91, w: 58, h: 20 };
    const address = line('nakamura.51@outlook.test', 115, { x: 59, h: 15 });
    const heads = line('件名', 85, { x: 301, h: 12 });
    const boxes = findSensitiveBoxes([icon, heads, address], SCREEN);
    expect(covered(boxes, { x: 59, y: 97, w: 11, h: 9 })).toBe(true);
    expect(touches(boxes, { x: 12, y: 91, w: 20, h: 20 })).toBe(false);
  });
});

describe('a link\'s last piece alone under its unread first line', () => {
  it('covers a short run of URL characters right under the hole a link sentence points at', () => {
    const sentence = line('下記URLへアクセスしてください。', 100, { h: 16 });
    const piece = line('form', 152, { h: 16 });
    const after = line('ご利用日時: 2026/10/11 13:34', 180, { h: 16 });
    const boxes = findSensitiveBoxes([sentence, piece, after], SCREEN);
    expect(covered(boxes, piece.box)).toBe(true);
    expect(touches(boxes, { ...after.box, y: after.box.y + 4, h: after.box.h - 4 })).toBe(false);
  });

  it('leaves a word under a sentence that points at no link', () => {
    const sentence = line('ご不便をおかけし申し訳ございません。', 100, { h: 16 });
    const piece = line('form', 152, { h: 16 });
    expect(touches(findSensitiveBoxes([sentence, piece], SCREEN), piece.box)).toBe(false);
  });
});

describe('a line cut by the top edge of an upload that was turned level', () => {
  it('counts the upload\'s own edge, inside the blank corners the turn added', () => {
    // Page 1390 × 630 turned 0.8° from a 1382 × 611 upload: its top edge runs 0–19 px down the page.
    const turn = { degrees: 0.8, width: 1382, height: 611, turnedWidth: 1390, turnedHeight: 630 };
    const cut = line('角上上結夜栓', 12, { x: 549, h: 25, confidence: 11 });
    const page = [line('いつもAppleをご利用いただき、誠にありがとうございます', 38, { x: 550, h: 25 }), line('今後ともよろしくお願いいたします。', 228, { x: 549, h: 25 })];
    expect(covered(findSensitiveBoxes([cut, ...page], { width: 1390, height: 630, turn }), cut.box)).toBe(true);
    expect(touches(findSensitiveBoxes([cut, ...page], { width: 1390, height: 630 }), cut.box)).toBe(false);
  });
});

describe('an address whose marks were read as spaces (lead, round 16)', () => {
  /** The box of the characters from `from` to the line's end or `to`. */
  const part = (read: OcrLine, from: number, to = read.text.length): { x: number; y: number; w: number; h: number } => {
    const boxes = read.charBoxes.slice(from, to);
    return { x: boxes[0]!.x, y: read.box.y, w: boxes.at(-1)!.x + boxes.at(-1)!.w - boxes[0]!.x, h: read.box.h };
  };

  it('covers the word before an e-mail address\'s local part read apart from it (「_」 read as a space)', () => {
    const read = line('account_update 9213@h7t62uf.online', 100);
    expect(covered(findSensitiveBoxes([read], SCREEN), part(read, 0))).toBe(true);
  });

  it('leaves a capitalised word or a Japanese one before an address', () => {
    for (const text of ['From info@example.jp', 'お問い合わせ info@example.jp']) {
      const read = line(text, 100);
      // (The row's upper half: an address at a line's end is also covered on the row below, where it may wrap.)
      expect(touches(findSensitiveBoxes([read], SCREEN), { ...part(read, 0, 2), h: read.box.h / 2 })).toBe(false);
    }
  });

  it('covers a link whose 「://」 was lost after its scheme, to an IPv4 host or a dotted name', () => {
    for (const text of ['http 203.0.113.77:2083', 'https secure-login.example/verify']) {
      const read = line(text, 100);
      expect(covered(findSensitiveBoxes([read], SCREEN), read.box)).toBe(true);
    }
  });

  it('covers an IPv4 host with its port inside a sentence, and leaves dotted numbers of three parts (a version, a date)', () => {
    const read = line('接続先:198.51.100.23:8443 に接続', 100);
    expect(covered(findSensitiveBoxes([read], SCREEN), part(read, 4, 22))).toBe(true);
    for (const text of ['バージョン 2.10.3 に更新', '2026.11.28 配信']) {
      const other = line(text, 100);
      expect(findSensitiveBoxes([other], SCREEN)).toEqual([]);
    }
  });
});
