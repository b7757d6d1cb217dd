import { describe, expect, it } from 'vitest';
import { covered, ocrLine, type OcrLineOptions, touches } from '../../test/ocr-line-factories';
import type { OcrLine } from './ocr-layout';
import { findSensitiveBoxes } from './sensitive-areas';

/**
 * Round 14: plain lines the redaction rules blacked out although nothing on them is to hide, each
 * beside the sensitive shape that must stay covered.
 */

/** Characters stay at confidence 95 whatever the line's word confidence, as tesseract reports garbage. */
const line = (text: string, y: number, options: OcrLineOptions = {}) => ocrLine(text, y, { charConfidence: 95, ...options });

const SCREEN = { width: 800, height: 600 };

/** A line whose box is `boxHeight` tall around glyphs `h` tall (descenders, accents, a bubble's edge). */
function tallBox(text: string, y: number, h: number, boxHeight: number, options: OcrLineOptions = {}): OcrLine {
  const read = line(text, y, { ...options, h });
  return { ...read, box: { ...read.box, y: y - (boxHeight - h) / 2, h: boxHeight } };
}

describe('plain lines left bare (round 14)', () => {
  it('leaves a reference number after its label bare, but not a token without one or a mixed-case token after it', () => {
    expect(findSensitiveBoxes([line('受付番号：GV17452430', 100)], SCREEN)).toEqual([]);
    expect(findSensitiveBoxes([line('注文番号: AB1234567', 100)], SCREEN)).toEqual([]);
    const bare = line('ご確認コード GV17452430', 100);
    expect(touches(findSensitiveBoxes([bare], SCREEN), bare.charBoxes[bare.text.indexOf('G')]!)).toBe(true);
    const token = line('受付番号：Hq83Tm2x9a', 100);
    expect(touches(findSensitiveBoxes([token], SCREEN), token.charBoxes[token.text.indexOf('H')]!)).toBe(true);
    // A card's number is never a reference code.
    const card = line('カード番号：AB12345678', 100);
    expect(touches(findSensitiveBoxes([card], SCREEN), card.charBoxes[card.text.indexOf('A')]!)).toBe(true);
  });

  it('leaves a number after a reference label bare unless it has a phone\'s shape', () => {
    expect(findSensitiveBoxes([line('注文番号：737-3051916-9804806', 100)], SCREEN)).toEqual([]);
    expect(findSensitiveBoxes([line('お問い合わせ番号：6170-8249-8215', 100)], SCREEN)).toEqual([]);
    expect(findSensitiveBoxes([line('お客様番号：8033864259', 100)], SCREEN)).toEqual([]);
    // 0 and nine or ten more digits may be a phone number whatever the label says.
    const phoneShaped = line('お客様番号：0794071103', 100);
    expect(covered(findSensitiveBoxes([phoneShaped], SCREEN), phoneShaped.charBoxes[phoneShaped.text.indexOf('0')]!)).toBe(true);
    // Without a reference label the same digits are covered.
    const bare = line('ご連絡先 6170-8249-8215', 100);
    expect(covered(findSensitiveBoxes([bare], SCREEN), bare.charBoxes[bare.text.indexOf('0')]!)).toBe(true);
  });

  it('does not look for the rest of a whole phone number on the row below, but does for a number cut short', () => {
    // A chat's header: the sender's number, a gap, the app's own label.
    const number = line('ドコモ070-9664-1093', 40, { x: 18, h: 36 });
    const label = line('不明な送信者', 110, { x: 30, h: 26 });
    const body = line('メッセージの可能性があります。', 140, { x: 30, h: 20 });
    const boxes = findSensitiveBoxes([number, label, body], SCREEN);
    expect(covered(boxes, number.charBoxes[number.text.indexOf('0')]!)).toBe(true);
    expect(touches(boxes, label.box)).toBe(false);
    // Nine digits: the number's last one went onto the next row.
    const cut = line('ドコモ070-9664-109', 40, { x: 18, h: 36 });
    expect(touches(findSensitiveBoxes([cut, label, body], SCREEN), label.box)).toBe(true);
  });

  it('leaves Gmail\'s 「To 自分 ▴」 bare whatever one character its arrow was read as, but covers a name after 自分', () => {
    expect(findSensitiveBoxes([line('To自分ょ', 100)], SCREEN)).toEqual([]);
    expect(findSensitiveBoxes([line('To自分る', 100)], SCREEN)).toEqual([]);
    const named = line('To 自分、山田花子', 100);
    expect(covered(findSensitiveBoxes([named], SCREEN), named.charBoxes[named.text.indexOf('山')]!)).toBe(true);
    const kanji = line('To自分様', 100);
    expect(touches(findSensitiveBoxes([kanji], SCREEN), kanji.charBoxes[kanji.text.indexOf('様')]!)).toBe(true);
  });

  it('does not take a header line read unsurely for the To line when the To line itself was read surely below it', () => {
    // Gmail's header: avatar, sender and time read as one unsure line; the sender's address; 「To 自分 ▾」; the greeting.
    // (The header's box takes in the avatar, 44 px tall over 12-px text.)
    const header = line('の⑧au 13:26', 154, { x: 14, h: 44, confidence: 39 });
    const sender = line('info@mail.au-kddi.example', 176, { x: 69, h: 12 });
    const to = line('To自分ャ', 191, { x: 69, h: 10, confidence: 65 });
    const greeting = line('阿部浩二様', 233, { x: 17, h: 14 });
    const body = [
      line('平素よりauをご愛顧いただき、ありがとうございます。', 262, { x: 17, h: 20 }),
      line('ご利用料金のお支払いが確認できません。', 292, { x: 17, h: 20 }),
      line('速やかにお手続きください。', 322, { x: 17, h: 20 }),
    ];
    const boxes = findSensitiveBoxes([header, sender, to, greeting, ...body], SCREEN);
    expect(covered(boxes, greeting.box)).toBe(true);
    // (Left of the sender's address, whose own box reaches up into the header's.)
    expect(touches(boxes, { x: header.box.x, y: header.box.y, w: 40, h: header.box.h })).toBe(false);
    // With no To line read, the unsure line right above the greeting may be it, and is covered.
    const unsure = line('の⑧au 13:26', 154, { x: 14, h: 44, confidence: 39 });
    expect(covered(findSensitiveBoxes([unsure, greeting, ...body], SCREEN), unsure.box)).toBe(true);
  });

  it('pads an address beside an avatar read as the line\'s first character by the text\'s height, not the avatar\'s', () => {
    const name = line('ヤマト運輸事務局', 485, { x: 137, h: 30 });
    const sender = line('②no-reply@mail.yamato-ex.xyz', 522, { x: 138, h: 40 });
    // The round picture left of the text, 80 px tall, read as the line's first character.
    const avatar = { x: 32, y: 496, w: 79, h: 80 };
    const withAvatar = { ...sender, charBoxes: [avatar, ...sender.charBoxes.slice(1)], box: { x: 32, y: 496, w: sender.box.x + sender.box.w - 32, h: 80 } };
    const boxes = findSensitiveBoxes([name, withAvatar], { width: 800, height: 1600 });
    const address = sender.charBoxes.slice(1);
    expect(covered(boxes, { x: address[0]!.x, y: 522, w: address.at(-1)!.x + address.at(-1)!.w - address[0]!.x, h: 40 })).toBe(true);
    // The sender's name above keeps its top half.
    expect(touches(boxes, { ...name.box, h: name.box.h / 2 })).toBe(false);
  });

  it('leaves a percentage bare (a sale\'s "30%OFF", a status bar\'s battery), not a percent-encoded piece of a URL', () => {
    expect(findSensitiveBoxes([line('最大30%OFF', 100)], SCREEN)).toEqual([]);
    expect(findSensitiveBoxes([line('今nll78%', 4, { x: 600 })], SCREEN)).toEqual([]);
    const encoded = line('a%E3%81%82b1', 100);
    expect(touches(findSensitiveBoxes([encoded], SCREEN), encoded.charBoxes[0]!)).toBe(true);
  });

  it('covers an unread line with digits as tall as the page\'s glyphs even when shorter than its lines\' median box', () => {
    // Lines 24 px tall around 13-px glyphs; the masked card's line read as garbage, 14 px tall.
    const body = [
      tallBox('ご利用いただきありがとうございます。', 100, 13, 24),
      tallBox('24時間以内にご対応がない場合、ご利用を停止いたします。', 140, 13, 24),
      tallBox('ご不便をおかけし申し訳ございません。', 180, 13, 24),
    ];
    const mask = tallBox('半議記ののをかン95', 220, 13, 14, { confidence: 0 });
    expect(covered(findSensitiveBoxes([...body, mask], SCREEN), mask.box)).toBe(true);
    // Without digits a row that small and unread is left (a mail list's rows under a pane's bar).
    const list = tallBox('半議記ののをかン', 220, 13, 14, { confidence: 0 });
    expect(touches(findSensitiveBoxes([...body, list], SCREEN), list.box)).toBe(false);
  });

  it('ends a postal address at its room number: the sentence below is not its rest', () => {
    const address = line('お届け先:〒797-3129神奈川県藤沢市辻堂海岸3-10-7サンハイム406号室', 100, { x: 40, h: 18 });
    const below = line('※本メールは送信専用です。', 130, { x: 40, h: 18 });
    const after = line('ご確認ください。', 160, { x: 40, h: 18 });
    const boxes = findSensitiveBoxes([address, below, after], SCREEN);
    expect(covered(boxes, address.charBoxes[address.text.indexOf('〒')]!)).toBe(true);
    expect(touches(boxes, below.box)).toBe(false);
    // Without its room number the address goes on below (the building's name broke there).
    const open = line('お届け先:〒797-3129神奈川県藤沢市辻堂海岸3-10-7サンハイ', 100, { x: 40, h: 18 });
    const rest = line('ム406号室', 130, { x: 40, h: 18 });
    expect(covered(findSensitiveBoxes([open, rest, after], SCREEN), rest.box)).toBe(true);
  });

  it('does not take the next header field\'s label, left of an address that ran to its column\'s edge, for the address\'s rest', () => {
    const from = line('From', 100, { x: 20, h: 24 });
    const sender = line('info@mail.sb-support.xyz', 100, { x: 130, h: 24 });
    const to = line('To', 150, { x: 20, h: 24 });
    const recipient = line('rikyoshida318@outlook.test', 150, { x: 130, h: 24 });
    const subject = line('件名 ご利用料金のお支払いについて', 200, { x: 20, h: 24 });
    const boxes = findSensitiveBoxes([from, sender, to, recipient, subject], SCREEN);
    expect(covered(boxes, sender.box)).toBe(true);
    expect(covered(boxes, recipient.box)).toBe(true);
    // (The unread room under the recipient's address, from the column's edge, may graze the label's foot.)
    expect(covered(boxes, to.box)).toBe(false);
    expect(touches(boxes, { ...to.box, h: to.box.h / 2 })).toBe(false);
  });
});
