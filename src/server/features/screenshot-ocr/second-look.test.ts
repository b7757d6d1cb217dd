import { describe, expect, it } from 'vitest';
import { covered, ocrLine, type OcrLineOptions, touches } from '../../test/ocr-line-factories';
import { findUnreadRows, type SecondLook, secondLookBoxes } from './second-look';
import { findSensitiveBoxes } from './sensitive-areas';

const line = (text: string, y: number, options: OcrLineOptions = {}) => ocrLine(text, y, { charConfidence: 95, ...options });

/** A white page of the given size on which rows of "glyphs" (thin dark strokes) and shapes are drawn. */
function page(width: number, height: number) {
  const data = Buffer.alloc(width * height, 255);
  return {
    grey: { data, width, height },
    /** Strokes 2 px wide every 6 px: as many grey steps per cell as a row of small text. */
    text(x0: number, y0: number, w: number, h: number) {
      for (let y = y0; y < Math.min(height, y0 + h); y++) for (let x = x0; x < x0 + w; x += 6) data.fill(20, y * width + x, y * width + x + 2);
    },
    /** A filled square: an icon or an avatar (ink only along its two sides). */
    square(x0: number, y0: number, size: number) {
      for (let y = y0; y < y0 + size; y++) data.fill(20, y * width + x0, y * width + x0 + size);
    },
  };
}

describe('rows of ink the page reading never returned (second-look.ts)', () => {
  const read = [line('平素よりご利用いただきありがとうございます。', 40), line('お手続きをお願いいたします。', 160)];

  it('finds a text row between read lines, but not the read lines themselves nor an icon', () => {
    const p = page(480, 300);
    p.text(40, 40, 400, 20); // read
    p.text(40, 100, 300, 20); // never returned
    p.text(40, 160, 280, 20); // read
    p.square(400, 220, 28); // an icon
    const rows = findUnreadRows(p.grey, read, 1);
    expect(rows).toHaveLength(1);
    expect(covered([{ x: rows[0]!.x - 4, y: rows[0]!.y - 4, w: rows[0]!.w + 8, h: rows[0]!.h + 8 }], { x: 42, y: 102, w: 290, h: 16 })).toBe(true);
  });

  it('finds a row the bottom edge cuts through (a cropped capture), though it is lower than a text line', () => {
    const p = page(480, 300);
    p.text(40, 40, 400, 20);
    p.text(40, 160, 280, 20);
    p.text(40, 292, 300, 8); // the top of a line the crop cut off
    const rows = findUnreadRows(p.grey, read, 1);
    expect(rows.some((row) => row.y + row.h >= 296 && row.w >= 280)).toBe(true);
    // The same sliver in the middle of the page is a rule or a shadow, not text.
    const q = page(480, 300);
    q.text(40, 100, 300, 8);
    expect(findUnreadRows(q.grey, read, 1)).toHaveLength(0);
  });
});

describe('what the second look covers', () => {
  const SCREEN = { width: 400, height: 600 };
  const body = [line('平素よりご利用いただきありがとうございます。', 100), line('以下をご確認ください。', 200)];
  const row = { x: 40, y: 150, w: 200, h: 20 };

  it('covers a row whose second reading is still unsure in the message, not in the status bar', () => {
    const unread: SecondLook = { area: row, lines: [line('ミ二呈', 150, { confidence: 12 })] };
    expect(covered(secondLookBoxes(body, [unread], SCREEN), row)).toBe(true);
    const nothingRead: SecondLook = { area: row, lines: [] };
    expect(covered(secondLookBoxes(body, [nothingRead], SCREEN), row)).toBe(true);
    // Signal and battery icons at the top of a phone capture are never personal data.
    const statusBar = { x: 300, y: 10, w: 80, h: 16 };
    expect(touches(secondLookBoxes(body, [{ area: statusBar, lines: [] }], SCREEN), statusBar)).toBe(false);
  });

  it('leaves a row read again as plain words alone, and runs the redaction rules on what it read', () => {
    const chrome: SecondLook = { area: row, lines: [line('受信トレイ', 150, { confidence: 94 })] };
    expect(touches(secondLookBoxes(body, [chrome], SCREEN), row)).toBe(false);
    const address: SecondLook = { area: row, lines: [line('お問い合わせ: 050-5161-9010', 150, { confidence: 87 })] };
    const number = { x: 40 + 7 * 20 + 2 * 10, y: 152, w: 12 * 10, h: 16 };
    expect(covered(secondLookBoxes(body, [address], SCREEN), number)).toBe(true);
  });

  it('covers a read row right beside something covered on its row (an address the page reading squeezed)', () => {
    // "hayashi" read again left of "_sho0663@…", whose box the page reading had put to its right.
    const lines = [...body, line('yamada_taro@mail.example', 300, { x: 120 })];
    const lead = { x: 40, y: 300, w: 70, h: 20 };
    expect(covered(findSensitiveBoxes(lines, SCREEN), lead)).toBe(false);
    const look: SecondLook = { area: lead, lines: [line('hayashi', 300, { confidence: 91 })] };
    expect(covered(secondLookBoxes(lines, [look], SCREEN), lead)).toBe(true);
  });

  it('reads an unsure line again and applies the rules to the surer reading (a masked card read as kanji)', () => {
    const garbled = line('十計ド番号スネをネス天をネ', 300, { confidence: 32 });
    const lines = [...body, garbled];
    const value = { x: 40 + 6 * 20, y: 302, w: 6 * 20, h: 16 };
    expect(covered(findSensitiveBoxes(lines, SCREEN), value)).toBe(false);
    const again: SecondLook = { area: garbled.box, line: 2, lines: [line('カード番号:ババのいい6313', 300, { confidence: 54 })] };
    expect(covered(secondLookBoxes(lines, [again], SCREEN), value)).toBe(true);
    // A second reading less sure than the first is not used.
    const worse: SecondLook = { ...again, lines: [line('カード番号:ババのいい6313', 300, { confidence: 20 })] };
    expect(covered(secondLookBoxes(lines, [worse], SCREEN), value)).toBe(false);
  });
});
