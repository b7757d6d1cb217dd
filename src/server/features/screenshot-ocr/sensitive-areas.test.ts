import { describe, expect, it } from 'vitest';
import { covered, ocrLine, type OcrLineOptions, touches } from '../../test/ocr-line-factories';
import type { PixelBox } from './screenshot-ocr.types';
import { findAddressSpans, findSensitiveBoxes } from './sensitive-areas';

/** Characters stay at confidence 95 whatever the line's word confidence, as tesseract reports garbage. */
const line = (text: string, y: number, options: OcrLineOptions = {}) => ocrLine(text, y, { charConfidence: 95, ...options });

const SCREEN = { width: 400, height: 300 };

describe('redaction where the reading is unsure', () => {
  it('covers a text line OCR could not read at all, but not a speck or a blob', () => {
    const body = [line('平素よりご利用いただきありがとうございます。', 20), line('お手続きをお願いいたします。', 50)];
    const garbage = line('由二下っの', 80, { confidence: 3 });
    const speck = line('ー', 115, { h: 4, confidence: 0 });
    const blob = line('_上疾回韻', 140, { h: 120, confidence: 5 });
    const boxes = findSensitiveBoxes([...body, garbage, speck, blob, line('ご確認ください。', 270)], SCREEN);
    expect(covered(boxes, garbage.box)).toBe(true);
    expect(touches(boxes, speck.box)).toBe(false);
    expect(touches(boxes, blob.box)).toBe(false);
    expect(touches(boxes, body[0]!.box)).toBe(false);
  });

  it('covers a line cut by the image edge when it was read unsurely, and leaves a sure one', () => {
    const lines = [line('下記URLからお手続きください。', 100), line('手※でキキガが一記か', 290, { h: 10, confidence: 29 })];
    const boxes = findSensitiveBoxes(lines, SCREEN);
    expect(covered(boxes, lines[1]!.box)).toBe(true);
    const sure = [line('下記URLからお手続きください。', 100), line('ご確認ください。', 290, { h: 10, confidence: 92 })];
    expect(findSensitiveBoxes(sure, SCREEN)).toEqual([]);
  });

  it('covers the first part of an e-mail address left at the end of the row above', () => {
    const from = line('差出人: no-', 20, { x: 30 });
    const rest = line('reply36@mail.yamato-', 44, { x: 30 });
    const boxes = findSensitiveBoxes([from, rest, line('ex.example', 68, { x: 30 })], SCREEN);
    const dash = from.charBoxes.at(-1)!;
    const n = from.charBoxes[from.text.indexOf('n')]!;
    expect(covered(boxes, { x: n.x, y: from.box.y, w: dash.x + dash.w - n.x, h: from.box.h })).toBe(true);
    // The label stays readable.
    expect(covered(boxes, from.charBoxes[0]!)).toBe(false);
  });

  it('does not take a time at the end of the row above for an address\'s first part, and covers the unread space above instead', () => {
    const time = line('13:03', 40, { x: 330 });
    const address = line('confirm82@65x5qg.test', 64, { x: 60, h: 20 });
    const boxes = findSensitiveBoxes([time, address], SCREEN);
    expect(touches(boxes, time.box)).toBe(false);
    expect(covered(boxes, { x: 60, y: 40, w: 70, h: 20 })).toBe(true);
  });

  it('covers the rest of an address split off on the same row, and the gap', () => {
    const first = line('ご登録住所・〒552-4576愛知県岡崎市康生通西', 20, { x: 10 });
    const rest = line('1-26.6グランレジデンス302号室', 20, { x: first.box.x + first.box.w + 40 });
    const boxes = findSensitiveBoxes([first, rest], { width: 1000, height: 300 });
    expect(covered(boxes, { x: first.charBoxes[6]!.x, y: 20, w: rest.box.x + rest.box.w - first.charBoxes[6]!.x, h: 20 })).toBe(true);
  });

  it('covers the gap between a card label and its value set apart on the same row', () => {
    const label = line('カード番号を', 20, { x: 14 });
    const value = line('をままををままを3791', 20, { x: label.box.x + label.box.w + 40 });
    const boxes = findSensitiveBoxes([label, value], SCREEN);
    expect(covered(boxes, { x: label.box.x + label.box.w, y: 20, w: value.box.x + value.box.w - label.box.x - label.box.w, h: 20 })).toBe(true);
  });

  it('covers a wrapped URL\'s rest below a line whose column is narrower than the note under it', () => {
    const lines = [
      line('細は下記よりご確認くださ', 20, { x: 30 }),
      line('い。https://kokuzei-info-m', 46, { x: 30 }),
      line('ypage.test/check/?c=q5kzy', 72, { x: 30 }),
      line('R', 98, { x: 30 }),
      line('送信者が連絡先リストに登録されていないため、このメッセージ内のリンクは無効です。', 130, { x: 36 }),
    ];
    const boxes = findSensitiveBoxes(lines, { width: 1000, height: 300 });
    expect(covered(boxes, lines[3]!.box)).toBe(true);
    expect(touches(boxes, lines[4]!.box)).toBe(false);
  });
});

describe('tolerant text rules that only add black', () => {
  it('covers a full-width phone number read with kanji and dots between its digits', () => {
    const number = line('カスタマーセンターO0.5 706語6 6.5三2.8 8', 20);
    const boxes = findSensitiveBoxes([number], SCREEN);
    const start = number.text.indexOf('O');
    expect(covered(boxes, { x: number.charBoxes[start]!.x, y: 20, w: number.box.x + number.box.w - number.charBoxes[start]!.x, h: 20 })).toBe(true);
  });

  it('leaves dates, times and amounts alone', () => {
    const lines = [line('ご利用日時：2026年11月22日 18:32', 20), line('ご請求金額：¥10,000円', 60), line('2026/11/20 9:45', 100)];
    expect(findSensitiveBoxes(lines, SCREEN)).toEqual([]);
  });

  it('covers an international number whose + was read as a digit, and a scheme followed by garbage', () => {
    const sender = line('< 181 80 1632 8468', 20);
    const url = line('たします。https:ガ', 60);
    const boxes = findSensitiveBoxes([sender, url], SCREEN);
    expect(covered(boxes, { x: sender.charBoxes[2]!.x, y: 20, w: sender.box.x + sender.box.w - sender.charBoxes[2]!.x, h: 20 })).toBe(true);
    expect(covered(boxes, { x: url.charBoxes[5]!.x, y: 60, w: url.box.x + url.box.w - url.charBoxes[5]!.x, h: 20 })).toBe(true);
  });

  it('leaves order and inquiry numbers of other shapes readable', () => {
    const lines = [line('注文番号：698-3673186-0178638', 20), line('お問い合わせ番号：9248-7047-0642', 60)];
    expect(findSensitiveBoxes(lines, SCREEN)).toEqual([]);
  });

  it('never changes which areas are read a second time', () => {
    // For the boxes, the URL runs on across "ほた" to the line's end and wraps onto "W37"; the
    // second reading still gets only what the reading rules found.
    const lines = [line('https://www.mytokyogas-aj6.xyz/?reほたPBT', 20, { x: 30 }), line('W37', 46, { x: 30 })];
    expect(covered(findSensitiveBoxes(lines, SCREEN), lines[1]!.box)).toBe(true);
    expect(findAddressSpans(lines).map((span) => [span.line, span.start, span.end])).toEqual([[0, 0, 34]]);
  });
});

describe('redaction of round 5 (shapes from a fresh generated split)', () => {
  it('does not let a garbage line (a banner read as symbols) set the column edge a number wraps at', () => {
    // A chat's time beside the bubble above: no paragraph line to measure the edge by.
    const above = line('2分前', 20, { x: 300 });
    const number = line('お問い合わせ: 050-2990-10', 50);
    const banner = line('ー＝へmmoへmmoへmmoへmmoへmmoへmmoへmmo', 80, { x: 20, confidence: 22 });
    expect(banner.box.x + banner.box.w).toBeGreaterThan(number.box.x + number.box.w + 60);
    const boxes = findSensitiveBoxes([above, number, banner], SCREEN);
    // The number's last digits ("32") stand at the start of the line under the banner.
    expect(covered(boxes, { ...banner.charBoxes[0]!, w: 40 })).toBe(true);
  });

  it('takes a recipient label after an icon read as a character ("和宛先:")', () => {
    const to = line('和宛先:小林達也', 20);
    const boxes = findSensitiveBoxes([to], SCREEN);
    const name = to.charBoxes.slice(4);
    expect(covered(boxes, { x: name[0]!.x, y: to.box.y, w: name.at(-1)!.x + name.at(-1)!.w - name[0]!.x, h: to.box.h })).toBe(true);
  });

  it('covers a name alone on its line whose 様 was read as 欄, but not 「入力欄」', () => {
    const name = line('石川愛子欄', 20);
    const field = line('入力欄', 60);
    const boxes = findSensitiveBoxes([name, field, line('ご確認ください。', 100)], SCREEN);
    expect(covered(boxes, name.box)).toBe(true);
    expect(touches(boxes, field.box)).toBe(false);
  });

  it('covers the line before a 様 (or 欄) read as a line of its own on the same row', () => {
    const name = line('タナカダイスケ村', 40);
    const honorific = line('欄', 40, { x: name.box.x + name.box.w - 8, confidence: 0 });
    const body = line('楽天カードをご利用いただきありがとうございます。', 90);
    const boxes = findSensitiveBoxes([name, honorific, body], SCREEN);
    expect(covered(boxes, name.box)).toBe(true);
    expect(touches(boxes, body.box)).toBe(false);
  });

  it('follows a wrapped URL across a space before its query separator ("3 &に7188975625")', () => {
    const first = line('https://water-pay.example/check/inf', 20);
    const second = line('o/sp/track/?ref=NmrbVpxtkHckAbCdEf', 44);
    const third = line('3 &に7188975625', 68);
    const boxes = findSensitiveBoxes([first, second, third], SCREEN);
    const last = third.charBoxes.at(-1)!;
    const amp = third.charBoxes[2]!;
    expect(covered(boxes, { x: amp.x, y: third.box.y, w: last.x + last.w - amp.x, h: third.box.h })).toBe(true);
  });

  it('covers the start of the next line under a URL cut mid-word when that line was read unsurely ("人の")', () => {
    const above = line('下記URLよりお手続きをお願いいたします。', 20);
    const url = line('https://web.example-card.top/secure/upd', 44);
    const rest = line('人の', 68, { x: 10, confidence: 52 });
    const boxes = findSensitiveBoxes([above, url, rest], SCREEN);
    expect(covered(boxes, { x: 40, y: 68, w: 40, h: 20 })).toBe(true);
  });

  it('covers the first character of the words under a URL that ran to the column edge (its last letter may be in them)', () => {
    const above = line('下記URLよりお手続きをお願いいたします。', 20);
    const url = line('https://rakuten-jp.example/secure2reE1WXdqj', 44);
    const words = line('り本日中にお手続きください。', 68);
    const boxes = findSensitiveBoxes([above, url, words], SCREEN);
    expect(covered(boxes, { x: 40, y: 68, w: 12, h: 20 })).toBe(true);
    expect(covered(boxes, words.charBoxes[3]!)).toBe(false);
  });

  it('covers the unread line in the gap below a URL that ran to the column edge', () => {
    const above = line('下記URLよりお手続きをお願いいたします。', 20);
    const url = line('https://my.amazn-jp.example/portaltoke', 44);
    const after = line('お問い合わせ窓口はこちらです', 84);
    const boxes = findSensitiveBoxes([above, url, after], SCREEN);
    expect(covered(boxes, { x: 40, y: 66, w: 100, h: 16 })).toBe(true);
  });

  it('follows an address broken after "-" onto the next line even where the line does not reach the column edge', () => {
    const subject = line('【Amazon】お支払い方法の更新について', 20, { x: 60 });
    const from = line('auto-confirm@amazn-', 44, { x: 100 });
    const rest = line('のjptop', 68, { x: 60 });
    const boxes = findSensitiveBoxes([subject, from, rest], SCREEN);
    expect(covered(boxes, { ...rest.charBoxes[1]!, w: rest.box.x + rest.box.w - rest.charBoxes[1]!.x })).toBe(true);
  });

  it('follows a postal address onto a third line when its second breaks inside a number', () => {
    const first = line('配送先:〒839-1192東京都足立区', 20);
    const second = line('梅島4-16-4ライオンズマンション380', 44);
    const third = line('4号室', 68);
    const boxes = findSensitiveBoxes([first, second, third, line('24時間以内にご対応ください。', 110)], SCREEN);
    expect(covered(boxes, third.box)).toBe(true);
  });
});

describe('redaction of round 6 (shapes from a fresh generated split, seed 20261128)', () => {
  /** The area of a line's characters [start, end). */
  const chars = (l: ReturnType<typeof line>, start: number, end = l.text.length): PixelBox => {
    const first = l.charBoxes[start]!;
    const last = l.charBoxes[end - 1]!;
    return { x: first.x, y: l.box.y, w: last.x + last.w - first.x, h: l.box.h };
  };

  it('reads an enclosed number or ® between an address\'s letters as its "@"', () => {
    const sender = line('notice47⑳sdwqavitop >', 20);
    const boxes = findSensitiveBoxes([sender], SCREEN);
    expect(covered(boxes, chars(sender, 0, 19))).toBe(true);
  });

  it('covers an address in angle brackets, however its "@" was read, but not an app\'s "<" button', () => {
    const from = line('JCBカード事務局<myjcb】kjqir2.top>', 20);
    const back = line('< 受信トレイ', 60);
    const boxes = findSensitiveBoxes([from, back], SCREEN);
    expect(covered(boxes, chars(from, from.text.indexOf('m'), from.text.indexOf('>')))).toBe(true);
    expect(covered(boxes, chars(from, 0, 3))).toBe(false);
    expect(touches(boxes, back.box)).toBe(false);
  });

  it('covers where the "+" of a +81 number stood when OCR lost it, but not an inquiry number in groups of four', () => {
    const sender = line('< 817042110270', 20);
    const inquiry = line('お問い合わせ番号：8179-0673-1384', 60);
    const boxes = findSensitiveBoxes([sender, inquiry], SCREEN);
    const eight = sender.charBoxes[2]!;
    expect(covered(boxes, { x: eight.x - 8, y: 20, w: 8, h: 20 })).toBe(true);
    expect(touches(boxes, inquiry.box)).toBe(false);
  });

  it('takes a recipient label with a misread character ("爺先:") and covers the name after it', () => {
    const to = line('爺先:サトウダイスケ', 20);
    const signature = line('お客様センター サトウダイスケ', 60);
    const boxes = findSensitiveBoxes([to, signature], SCREEN);
    expect(covered(boxes, chars(to, 3))).toBe(true);
    // The name is looked for elsewhere too.
    expect(covered(boxes, chars(signature, 8))).toBe(true);
  });

  it('covers a card\'s last digits after 「カード末尾」 read with 刀 for カ', () => {
    const card = line('刀ド末尾本大本**柳っブロG', 20);
    const boxes = findSensitiveBoxes([card], SCREEN);
    expect(covered(boxes, chars(card, 4))).toBe(true);
  });

  it('covers a family name split off at the name\'s space, left of 「奈々様」 on the same row', () => {
    const family = line('藤田', 40, { x: 40 });
    const given = line('奈々様', 40, { x: 110 });
    const body = line('平素よりご愛顧いただき、ありがとうございます。', 80);
    const boxes = findSensitiveBoxes([family, given, body], SCREEN);
    expect(covered(boxes, { x: 40, y: 40, w: 70, h: 20 })).toBe(true);
    expect(touches(boxes, body.box)).toBe(false);
  });

  it('covers the end of the line above a line that starts with 様 (the name wrapped before it)', () => {
    const name = line('カカムラダイスゲ', 20);
    const rest = line('様【Yahoo!ショッ', 44);
    const boxes = findSensitiveBoxes([name, rest], SCREEN);
    expect(covered(boxes, name.box)).toBe(true);
  });

  it('covers two rows of small text read as one stretched glyph, but not a stretched icon a line tall', () => {
    const body = [line('平素よりご利用いただきありがとうございます。', 100), line('ご確認ください。', 130), line('NHKカスタマーサービス', 160)];
    const merged = line('の', 20, { h: 39, confidence: 28 });
    merged.charBoxes[0]!.w = 285;
    merged.box.w = 285;
    const icon = line('の', 220, { confidence: 28 });
    icon.charBoxes[0]!.w = 120;
    icon.box.w = 120;
    const boxes = findSensitiveBoxes([merged, ...body, icon], SCREEN);
    expect(covered(boxes, merged.box)).toBe(true);
    expect(touches(boxes, icon.box)).toBe(false);
  });

  it('wraps a postal address whose row was split at a wide gap by where the row ends, not its first part', () => {
    const wide = line('いつもご利用いただき、誠にありがとうございます。貯まった', 20, { x: 10 });
    const first = line('お届け先・〒843-4321大阪府北区天神橋', 44, { x: 10 });
    const rest = line('2-19-9グランレジデ', 44, { x: first.box.x + first.box.w + 60 });
    const third = line('ンス109号室', 68, { x: 10 });
    expect(first.box.x + first.box.w).toBeLessThan(wide.box.x + wide.box.w - 50);
    expect(rest.box.x + rest.box.w).toBeGreaterThan(wide.box.x + wide.box.w - 50);
    const boxes = findSensitiveBoxes([wide, first, rest, third, line('24時間以内にご対応ください。', 110, { x: 10 })], { width: 1000, height: 300 });
    expect(covered(boxes, third.box)).toBe(true);
  });

  it('takes 「ご利用カーニード:」 for the card field it is and covers its value', () => {
    const card = line('ご利用カーニード:サッ0238', 20);
    const boxes = findSensitiveBoxes([card], SCREEN);
    expect(covered(boxes, chars(card, card.text.indexOf('サ')))).toBe(true);
  });

  it('covers an e-mail address whose "<" was not read up to its ">", across a space', () => {
    const from = line('日本郵便yubincenter77@gmf37p example>', 20);
    const boxes = findSensitiveBoxes([from], SCREEN);
    expect(covered(boxes, chars(from, from.text.indexOf('e', 20), from.text.length - 1))).toBe(true);
  });

  it('covers the whole of a line read unsurely that holds something to hide', () => {
    const body = line('ご利用ありがとうございます。', 20);
    const garbled = line('用力二 090-1234-5678 ちかてでco午', 44, { confidence: 20 });
    const sure = line('お支払いは本日中にお願いいたします。', 200);
    const boxes = findSensitiveBoxes([body, garbled, sure], SCREEN);
    expect(covered(boxes, garbled.box)).toBe(true);
    expect(touches(boxes, sure.charBoxes.at(-1)!)).toBe(false);
  });

  it('covers the unread row in a gap of two thirds of a line below a URL that ran to the column edge', () => {
    const above = line('下記URLよりお手続きをお願いいたします。', 20);
    const url = line('https://my.amazn-jp.example/portaltoke', 44);
    const after = line('お問い合わせ窓口はこちらです', 78);
    const boxes = findSensitiveBoxes([above, url, after], SCREEN);
    expect(covered(boxes, { x: 40, y: 66, w: 100, h: 10 })).toBe(true);
  });
});

describe('redaction of round 8 (shapes from a fresh generated split, seed 20261140)', () => {
  /** The area of a line's characters [start, end). */
  const chars = (l: ReturnType<typeof line>, start: number, end = l.text.length): PixelBox => {
    const first = l.charBoxes[start]!;
    const last = l.charBoxes[end - 1]!;
    return { x: first.x, y: l.box.y, w: last.x + last.w - first.x, h: l.box.h };
  };

  it('takes an address\'s first part from the row above even when a date set apart ends that row', () => {
    const from = line('カスタマーセンター<etc-', 20, { x: 30 });
    const date = line('2026/11/24 8:39', 22, { x: 300, h: 10 });
    const rest = line('info38@mail.etc-riyou.xy', 44, { x: 30 });
    const boxes = findSensitiveBoxes([from, date, rest], SCREEN);
    expect(covered(boxes, chars(from, from.text.indexOf('e')))).toBe(true);
    expect(touches(boxes, date.box)).toBe(false);
    expect(covered(boxes, chars(from, 0, 3))).toBe(false);
  });

  it('covers a sender\'s address in brackets whose "@" and dots were lost, but not a short bracketed word', () => {
    const from = line('楽天モバイル<mobiieemail rmobilejjptest>', 20);
    const back = line('<Back> 受信トレイ', 60);
    const boxes = findSensitiveBoxes([from, back], SCREEN);
    expect(covered(boxes, chars(from, from.text.indexOf('m'), from.text.length))).toBe(true);
    expect(covered(boxes, chars(from, 0, 4))).toBe(false);
    expect(touches(boxes, back.box)).toBe(false);
  });

  it('covers right of a wrapped URL\'s last piece when that piece fills its line (its last letters may be lost)', () => {
    const intro = line('下記URLよりアクセスしてください。', 20);
    const url = line('https://m.apple-id-jp-xn5.test/billing?no=j63', 44);
    const rest = line('C', 70, { h: 14 });
    const next = line('お問い合わせ番号は下記の通りです。', 110);
    const boxes = findSensitiveBoxes([intro, url, rest, next], { width: 1000, height: 300 });
    expect(covered(boxes, { x: rest.box.x, y: 70, w: 40, h: 14 })).toBe(true);
    expect(touches(boxes, next.box)).toBe(false);
  });

  it('takes 機 at the end of a short line that is one name for its 様, but not inside a word', () => {
    const greeting = line('イトウハナコ機', 20);
    const notice = line('新機能', 60);
    const boxes = findSensitiveBoxes([greeting, notice], SCREEN);
    expect(covered(boxes, greeting.box)).toBe(true);
    expect(touches(boxes, notice.box)).toBe(false);
  });

  it('covers the unread gap between a mail header\'s row and the greeting under it (the To line), reaching into a row whose box is taller', () => {
    const sender = line('エポスカード事務局', 20, { x: 80 });
    const date = line('11月25日8:23', 20, { x: 280, h: 14 });
    const greeting = line('お客様各位', 90, { x: 20 });
    const body = line('平素よりご利用いただきありがとうございます。', 120, { x: 20 });
    const boxes = findSensitiveBoxes([sender, date, greeting, body], SCREEN);
    expect(covered(boxes, { x: 80, y: 48, w: 100, h: 20 })).toBe(true);
    expect(touches(boxes, sender.box)).toBe(false);
    expect(touches(boxes, greeting.box)).toBe(false);
    // A row set close above the greeting leaves no room for an unread one; a paragraph is no greeting.
    expect(findSensitiveBoxes([sender, date, line('お客様各位', 50, { x: 20 }), body], SCREEN)).toEqual([]);
    expect(findSensitiveBoxes([sender, date, line('ご確認ください。', 90, { x: 20 }), body], SCREEN)).toEqual([]);
    // 「ー14:12」 39 px tall over a 22-px greeting: its box took in the top of the unread To line.
    const tall = [line('局', 20, { x: 67, h: 35 }), line('ー14:12', 20, { x: 170, h: 39 })];
    const name = line('小川太郎欄', 106, { x: 17, h: 22 });
    expect(covered(findSensitiveBoxes([...tall, name, line('メルカリをご利用いただきありがとうございます。', 140, { x: 17 })], SCREEN), { x: 116, y: 51, w: 85, h: 22 })).toBe(true);
  });

  it('covers a short line of look-alikes under a URL with a query that ran to the column edge, but not a header field under an address', () => {
    const intro = line('記URLよりご確認ください。htt', 20, { x: 25 });
    const url = line('ps//rmobile-jp-co-jp.top/?key', 46, { x: 25, h: 19, confidence: 0 });
    const rest = line('ニー一', 72, { x: 25, h: 18, confidence: 76 });
    const boxes = findSensitiveBoxes([intro, url, rest], SCREEN);
    expect(covered(boxes, rest.box)).toBe(true);
    const from = line('From _ e-tax@mail.kokuzei-info.xyz', 20, { x: 25 });
    const field = line('日付', 46, { x: 25 });
    expect(touches(findSensitiveBoxes([from, field], SCREEN), field.charBoxes[1]!)).toBe(false);
  });

  it('covers the value of a sender or recipient label read as lines of its own along the row, and the gaps', () => {
    const label = line('差出人', 20, { x: 40, h: 13 });
    const first = line('nf', 22, { x: 100, h: 10 });
    const second = line('nhk-payiteSt', 20, { x: 130, h: 10 });
    const date = line('2026/11/21 20:25', 20, { x: 330, h: 10 });
    const boxes = findSensitiveBoxes([label, first, second, date], { width: 1000, height: 300 });
    expect(covered(boxes, { x: 80, y: 22, w: 110, h: 8 })).toBe(true);
    expect(covered(boxes, label.box)).toBe(false);
    expect(touches(boxes, date.box)).toBe(false);
    const to = line('To', 60, { x: 40 });
    const me = line('自分', 60, { x: 80 });
    expect(touches(findSensitiveBoxes([to, me], SCREEN), me.box)).toBe(false);
  });

  it('covers a line read unsurely right above a greeting (a mail\'s To line read with the avatar), but not one above other words', () => {
    const body = [line('平素より楽天市場をご愛顧いただき、', 200, { x: 33 }), line('ありがとうございます。', 230, { x: 33 })];
    const header = line('の⑳が光', 20, { x: 26, h: 45, confidence: 44 });
    const greeting = line('小川隆様', 80, { x: 33 });
    const boxes = findSensitiveBoxes([header, greeting, ...body], SCREEN);
    expect(covered(boxes, header.box)).toBe(true);
    const notGreeting = line('お客様', 80, { x: 33 });
    expect(touches(findSensitiveBoxes([header, notGreeting, ...body], SCREEN), header.box)).toBe(false);
    const sure = line('楽天市場', 20, { x: 26, h: 45 });
    expect(touches(findSensitiveBoxes([sure, greeting, ...body], SCREEN), sure.box)).toBe(false);
  });
});

describe('redaction of round 9 (shapes from a fresh generated split, seed 20261150)', () => {
  /** The area of a line's characters [start, end). */
  const chars = (l: ReturnType<typeof line>, start: number, end = l.text.length): PixelBox => {
    const first = l.charBoxes[start]!;
    const last = l.charBoxes[end - 1]!;
    return { x: first.x, y: l.box.y, w: last.x + last.w - first.x, h: l.box.h };
  };

  it('covers a +81 number whose "+" was read as a 1 from its first digit, but not an inquiry number in groups of four', () => {
    const spaced = line('< 18190 8206 2047', 20);
    const packed = line('くく1817061043530', 60);
    const inquiry = line('お問い合わせ番号：1812-3456-7890', 200);
    const boxes = findSensitiveBoxes([spaced, packed, inquiry], SCREEN);
    expect(covered(boxes, chars(spaced, 2))).toBe(true);
    expect(covered(boxes, chars(packed, 2))).toBe(true);
    expect(touches(boxes, chars(inquiry, inquiry.text.indexOf('1')))).toBe(false);
  });

  it('takes 接 at the end of a short line that is one name for its 様, but not in a word', () => {
    const greeting = line('井上翔太接', 20);
    const notice = line('直接', 60);
    const boxes = findSensitiveBoxes([greeting, notice], SCREEN);
    expect(covered(boxes, greeting.box)).toBe(true);
    expect(touches(boxes, notice.box)).toBe(false);
  });

  it('takes "htt" and a letter before a mark for a misread scheme and covers the line from there', () => {
    const url = line('httn<・77dnrnmn_na 1', 20, { x: 70, confidence: 34 });
    const boxes = findSensitiveBoxes([url, line('ご確認ください。', 60, { x: 70 })], SCREEN);
    expect(covered(boxes, url.box)).toBe(true);
    expect(findSensitiveBoxes([line('Matthew さんからのメッセージ', 20)], SCREEN)).toEqual([]);
  });

  it('covers a line cut by the image\'s top edge from what it holds to its end, even when its box is taller than text', () => {
    const body = [line('詳細は下記をご確認ください。', 150, { h: 30 }), line('10:05・SMS', 200, { h: 30 })];
    const cut = line('肛PIDW3WKSG 7 6', 0, { x: 36, h: 86, confidence: 49 });
    const boxes = findSensitiveBoxes([cut, ...body], { width: 1000, height: 400 });
    expect(covered(boxes, chars(cut, 1))).toBe(true);
    // The avatar read as 肛 beside it stays.
    expect(covered(boxes, chars(cut, 0, 1))).toBe(false);
  });

  it('covers the unread number right of a phone label that ends its line, up to the next thing on the row', () => {
    const label = line('お電話でのお問い合わせ:', 20, { x: 26 });
    const hours = line('(平日10:00ー17:00)', 22, { x: label.box.x + label.box.w + 100, h: 14 });
    const boxes = findSensitiveBoxes([label, hours], { width: 1000, height: 300 });
    expect(covered(boxes, { x: label.box.x + label.box.w, y: 20, w: 100, h: 20 })).toBe(true);
    expect(touches(boxes, hours.box)).toBe(false);
    expect(covered(boxes, chars(label, 0, 5))).toBe(false);
    const alone = line('お問い合わせ:', 20, { x: 26 });
    expect(covered(findSensitiveBoxes([alone], SCREEN), { x: alone.box.x + alone.box.w, y: 20, w: 100, h: 20 })).toBe(true);
  });

  it('covers the hole above a URL\'s rest alone on its line, across the column, but not above an e-mail address or a whole URL', () => {
    const body = [line('本人認証サービスの登録情報の更新が必要です。', 280, { x: 25 }), line('ご本人様確認のため、お手続きください。', 301, { x: 25 })];
    const rest = line('jr3LEKEqbOKmwRsJ', 355, { x: 25, h: 14 });
    const boxes = findSensitiveBoxes([...body, rest], { width: 600, height: 500 });
    const right = body[0]!.box.x + body[0]!.box.w;
    expect(covered(boxes, { x: 25, y: 322, w: right - 25, h: 32 })).toBe(true);
    expect(touches(boxes, chars(body[1]!, 0, 4))).toBe(false);
    const address = line('nakamura36@mail.example', 355, { x: 25, h: 14 });
    expect(touches(findSensitiveBoxes([...body, address], { width: 600, height: 500 }), { x: 30, y: 322, w: 100, h: 10 })).toBe(false);
    const whole = line('hffp/ctax_nfaamhkm7 amhkm7 fe<f/<e', 355, { x: 25, h: 14 });
    // (Only the old band of one and a half line heights right above it.)
    expect(touches(findSensitiveBoxes([...body, whole], { width: 600, height: 500 }), { x: 30, y: 322, w: 100, h: 10 })).toBe(false);
  });

  // extra9 (seed 20261167), tuned on second.
  it('covers what follows an address label and its separator when it starts with a letter, however the rest was read, but not words', () => {
    const field = line('ご登録のメールアドレス・mm才放', 20);
    const boxes = findSensitiveBoxes([field], SCREEN);
    expect(covered(boxes, chars(field, field.text.indexOf('m')))).toBe(true);
    expect(covered(boxes, chars(field, 0, 4))).toBe(false);
    expect(findSensitiveBoxes([line('メールアドレス・パスワードの確認', 20)], SCREEN)).toEqual([]);
  });

  it('covers an address closed by ">" whose "<", "@" and dots were lost, up to the ">"', () => {
    const from = line('ヤマト運輸事務局-delvsry656zgs example>', 20, { x: 10, h: 14 });
    const boxes = findSensitiveBoxes([from], { width: 1000, height: 300 });
    expect(covered(boxes, chars(from, from.text.indexOf('d'), from.text.length))).toBe(true);
    expect(covered(boxes, chars(from, 0, 4))).toBe(false);
    expect(findSensitiveBoxes([line('詳しくはこちら>', 60), line('Home> お知らせ', 100)], SCREEN)).toEqual([]);
  });

  it('covers the hole under a sentence that points at a link, or the strip down to the image\'s edge, but not under a warning or a sentence about something else', () => {
    const cue = [line('受け取ったポイントが本日失効いたします。', 100, { x: 30 }), line('こちらからご対応ください。', 125, { x: 30 })];
    const after = line('お問い合わせ番号: 7925-6831-4224', 190, { x: 30 });
    const boxes = findSensitiveBoxes([...cue, after], SCREEN);
    expect(covered(boxes, { x: 30, y: 148, w: 300, h: 40 })).toBe(true);
    expect(touches(boxes, cue[1]!.charBoxes[0]!)).toBe(false);
    const warning = line('URLは開かないでください。', 125, { x: 30 });
    expect(touches(findSensitiveBoxes([cue[0]!, warning, after], SCREEN), { x: 30, y: 150, w: 300, h: 35 })).toBe(false);
    const order = line('以下のご注文について、決済処理が完了しておりません。', 125, { x: 30 });
    expect(touches(findSensitiveBoxes([cue[0]!, order, after], SCREEN), { x: 30, y: 150, w: 300, h: 35 })).toBe(false);
    // Over the link's rest read below, down into its top: the unread line's box would overlap it.
    const rest = line('CakBcD&utm source=sms', 190, { x: 30 });
    expect(covered(findSensitiveBoxes([...cue, rest], SCREEN), { x: 30, y: 148, w: 300, h: 47 })).toBe(true);
    // A read link under the sentence: the space above it is the gap between two bubbles.
    const url = line('https://mwbstga.test/?ref', 190, { x: 30 });
    expect(touches(findSensitiveBoxes([...cue, url], SCREEN), { x: 30, y: 150, w: 300, h: 30 })).toBe(false);
    // A crop right under the sentence: the strip down to the edge.
    const cropped = [line('【楽天市場】お支払い情報の有効期限が切れて', 230, { x: 30, h: 12 }), line('います。以下のURLからお手続きください。', 248, { x: 30, h: 12 })];
    expect(covered(findSensitiveBoxes(cropped, { width: 400, height: 270 }), { x: 30, y: 261, w: 250, h: 9 })).toBe(true);
  });

  it('covers a card field whose カー was misread before ド末尾 (「輸ド末尾」)', () => {
    const card = line('輸ド末尾ンスえ本大を太0イ', 20, { confidence: 17 });
    expect(covered(findSensitiveBoxes([card], SCREEN), chars(card, 4))).toBe(true);
  });

  it('covers right of a wrapped URL\'s first piece when it carries on below (its last letters may be lost), but not after a break at "-"', () => {
    const first = line('https://sb-support-co-jp.topバra', 20, { x: 20, h: 30 });
    const rest = line('redeliv/billing/mypage?re否記員同', 55, { x: 20, h: 30 });
    const boxes = findSensitiveBoxes([first, rest, line('816ngxicHHiv', 90, { x: 20, h: 30 })], { width: 1200, height: 300 });
    expect(covered(boxes, { x: first.box.x + first.box.w, y: 20, w: 50, h: 30 })).toBe(true);
    // Broken after "-": the line visibly ended there.
    const broken = line('続きをお願いします。https://etc-', 20, { x: 20, h: 30 });
    const after = findSensitiveBoxes([broken, line('meisai-koushin.example/login?', 55, { x: 20, h: 30 })], { width: 1200, height: 300 });
    expect(touches(after, { x: broken.box.x + broken.box.w + 25, y: 20, w: 30, h: 15 })).toBe(false);
  });
});

describe('redaction of round 10 (shapes from a fresh generated split, seed 20261170)', () => {
  /** The area of a line's characters [start, end). */
  const chars = (l: ReturnType<typeof line>, start: number, end = l.text.length): PixelBox => {
    const first = l.charBoxes[start]!;
    const last = l.charBoxes[end - 1]!;
    return { x: first.x, y: l.box.y, w: last.x + last.w - first.x, h: l.box.h };
  };

  it('covers a number in a phone\'s three groups whose label and leading 0 were misread, but not a date or an inquiry number', () => {
    const phone = line('カスタマーセンタダター96-2075-4736 (平日10:00へ17:00)', 20);
    const boxes = findSensitiveBoxes([phone], { width: 1000, height: 300 });
    expect(covered(boxes, chars(phone, phone.text.indexOf('9'), phone.text.indexOf(' ')))).toBe(true);
    expect(findSensitiveBoxes([line('受付日 2026-11-27', 20), line('お問い合わせ番号 1234-5678-9012', 60), line('伝票番号21-6488-3911', 100)], SCREEN)).toEqual([]);
  });

  it('takes an "h" and a few letters ending a line right after a sentence for a scheme\'s start, but not a word in a sentence', () => {
    const start = line('し、情報を更新してください。hh', 20, { x: 20 });
    const boxes = findSensitiveBoxes([start], { width: 1000, height: 300 });
    expect(covered(boxes, chars(start, start.text.indexOf('h')))).toBe(true);
    expect(covered(boxes, chars(start, 0, 4))).toBe(false);
    expect(findSensitiveBoxes([line('ご確認ください。hello さんより', 20)], SCREEN)).toEqual([]);
  });

  it('covers the unread line under a sender beside its avatar (the recipient\'s), but not when a line was read there', () => {
    const sender = line('のメルカリ事務局', 165, { x: 81, h: 13 });
    // The avatar, a circle 40 px across, read as the line's first character, a gap left of the name.
    sender.charBoxes[0] = { x: 43, y: 165, w: 40, h: 40 };
    sender.box = { x: 43, y: 165, w: sender.box.x + sender.box.w - 43, h: 40 };
    const under = { x: sender.charBoxes[1]!.x, y: 185, w: 100, h: 18 };
    const boxes = findSensitiveBoxes([sender], { width: 470, height: 940 });
    expect(covered(boxes, under)).toBe(true);
    // The name itself stays, but for its bottom edge.
    expect(touches(boxes, { ...sender.charBoxes[2]!, h: 9 })).toBe(false);
    const recipient = line('詳細を表示', 185, { x: sender.charBoxes[1]!.x, h: 13 });
    expect(findSensitiveBoxes([sender, recipient], { width: 470, height: 940 })).toEqual([]);
    // A line of text without an avatar: nothing.
    expect(findSensitiveBoxes([line('メルカリ事務局', 165, { x: 43, h: 13 })], { width: 470, height: 940 })).toEqual([]);
    // A glyph merged with a speck, tall but not square and right against the next one: no avatar.
    const merged = line('日は晴れ時々くもり', 165, { x: 43, h: 13 });
    merged.charBoxes[0] = { x: 43, y: 165, w: 11, h: 40 };
    expect(findSensitiveBoxes([merged], { width: 470, height: 940 })).toEqual([]);
  });

  it('starts a wrapped URL\'s rest after the characters left of its column (an avatar beside the bubble\'s last line)', () => {
    const first = line('します。https://5h4zwdqa.exa', 1144, { x: 222, h: 45 });
    const rest = line('人人生mple期限・8月6日', 1215, { x: 209, h: 50 });
    // The avatar's three "characters" far left of the bubble.
    rest.charBoxes[0] = { x: 29, y: 1196, w: 38, h: 117 };
    rest.charBoxes[1] = { x: 65, y: 1196, w: 23, h: 117 };
    rest.charBoxes[2] = { x: 65, y: 1203, w: 73, h: 101 };
    rest.box = { x: 29, y: 1196, w: rest.box.x + rest.box.w - 29, h: 117 };
    const boxes = findSensitiveBoxes([first, rest], { width: 1119, height: 2001 });
    expect(covered(boxes, { ...chars(rest, 3, 7), y: 1215, h: 50 })).toBe(true);
  });

  it('takes "(の" between an address\'s letters for its "@", so the address is covered from its first letter', () => {
    const from = line('e-tax(のiwbs3z.example >', 100, { x: 126, h: 14 });
    const boxes = findSensitiveBoxes([from], { width: 376, height: 812 });
    expect(covered(boxes, chars(from, 0, from.text.indexOf('>')))).toBe(true);
  });

  it('covers the space right of an address label ending its line up to the value read on the row, but not right of a word', () => {
    const label = line('ご登録のメールアドレス:', 402, { x: 318, h: 12 });
    const value = line('mori_dai3981@au.example', 403, { x: 494, h: 13 });
    const boxes = findSensitiveBoxes([label, value], { width: 1256, height: 800 });
    expect(covered(boxes, { x: label.box.x + label.box.w, y: 403, w: value.box.x - label.box.x - label.box.w, h: 12 })).toBe(true);
    expect(touches(boxes, chars(label, 0, 6))).toBe(false);
    const word = line('メールアドレス', 402, { x: 318, h: 12 });
    expect(findSensitiveBoxes([word, line('の変更はこちら', 403, { x: 500, h: 12 })], { width: 1256, height: 800 })).toEqual([]);
  });

  it('carries a URL broken at "&" on over one or two look-alikes before the next line\'s letters', () => {
    const first = line('0OEA6MU9tEAKm0&', 893, { x: 140, h: 34 });
    const rest = line('ぜだ3360456606', 957, { x: 138, h: 34 });
    const boxes = findSensitiveBoxes([line('al/login2id=QRP24', 827, { x: 138, h: 34 }), first, rest], { width: 772, height: 1688 });
    expect(covered(boxes, rest.box)).toBe(true);
  });

  it('covers the rest of the row right of a short line ending a sentence that points at a link, when nothing was read there', () => {
    const cue = line('れています。詳細は下記よりご確認くださ', 184, { x: 41, h: 15 });
    const end = line('い。', 202, { x: 41, h: 13 });
    const boxes = findSensitiveBoxes([cue, end, line('ご不明な点はお問い合わせください。', 245, { x: 41, h: 15 })], { width: 434, height: 889 });
    expect(covered(boxes, { x: end.box.x + end.box.w, y: 202, w: 200, h: 13 })).toBe(true);
  });

  // fresh10k (seed 20261171), tuned on second.
  it('covers a piece of one or two unsure characters ending the row above an address that starts its line (its first characters misread)', () => {
    const label = line('To', 1000, { x: 238, h: 43 });
    const piece = line('に', 1009, { x: 499, h: 31, confidence: 45 });
    const address = line('nakamura.09@docomo.example', 1085, { x: 242, h: 59 });
    const boxes = findSensitiveBoxes([label, piece, address], { width: 1173, height: 2532 });
    expect(covered(boxes, piece.box)).toBe(true);
    // Read with confidence, it is a word of its own.
    expect(touches(findSensitiveBoxes([label, line('に', 1009, { x: 499, h: 31 }), address], { width: 1173, height: 2532 }), piece.box)).toBe(false);
    // Nor a big blob (a clock's "較/" read unsurely).
    const blob = line('較/', 960, { x: 499, h: 122, confidence: 45 });
    expect(covered(findSensitiveBoxes([blob, address], { width: 1173, height: 2532 }), blob.box)).toBe(false);
  });
});


describe('redaction of round 11 (shapes from a fresh generated split, seed 20261192)', () => {
  /** The area of a line's characters [start, end). */
  const chars = (l: ReturnType<typeof line>, start: number, end = l.text.length): PixelBox => {
    const first = l.charBoxes[start]!;
    const last = l.charBoxes[end - 1]!;
    return { x: first.x, y: l.box.y, w: last.x + last.w - first.x, h: l.box.h };
  };

  it('covers a bracketed sender address whose "@" was read as a kana and whose dots were lost, but not bracketed words', () => {
    const from = line('差出人みずほ銀行事務局<noticeふmailLmizuho-directtop>', 79, { x: 15, h: 17 });
    const boxes = findSensitiveBoxes([from], { width: 409, height: 865 });
    expect(covered(boxes, chars(from, from.text.indexOf('n'), from.text.length))).toBe(true);
    expect(touches(boxes, chars(from, 0, 3))).toBe(false);
    expect(findSensitiveBoxes([line('<お知らせ>と<Backup>を見る', 20)], SCREEN)).toEqual([]);
  });

  it('covers a wrapped sender address\'s unread rest from the column\'s left edge, where the row below starts', () => {
    // Outlook web: "ヤマト運輸事務局 <info@mail.yamato" (the name unread), "unyu.top>" wrapped under the name, unread.
    const sender = line('<info@mail.yamato', 230, { x: 1414, h: 43 });
    const to = line('宛先: maeda_han7723@softbank.test', 314, { x: 1185, h: 35 });
    const boxes = findSensitiveBoxes([sender, to], { width: 2048, height: 789 });
    expect(covered(boxes, { x: 1185, y: 279, w: 115, h: 29 })).toBe(true);
    // In a body column the rest's box starts at the line's own left edge, as before.
    const url = line('https://kuroneko.e8a38.example/abc', 230, { x: 1185, h: 43 });
    const body = line('お客様番号・2600839541', 314, { x: 1185, h: 35 });
    expect(touches(findSensitiveBoxes([url, body], { width: 2048, height: 789 }), { x: 1100, y: 279, w: 40, h: 29 })).toBe(false);
  });

  it('covers right of a postal address\'s line that carries on below (its last characters may be lost)', () => {
    const column = line('必要です。誠に恐れ入りますが', 1590, { x: 37, h: 40 });
    const first = line('お届け先・〒949-3772埼玉県本', 1652, { x: 37, h: 40 });
    const rest = line('日吉町4-29-15パークハイツ', 1710, { x: 40, h: 40 });
    const boxes = findSensitiveBoxes([column, first, rest], { width: 816, height: 1830 });
    expect(covered(boxes, { x: first.box.x + first.box.w, y: 1652, w: 73, h: 40 })).toBe(true);
  });

  it('carries a postal address on to a third line when its second runs to the column\'s edge over a short line with a room number', () => {
    const column = line('発送を保留しております。下記', 2100, { x: 51, h: 40 });
    const first = line('ご登録住所:〒580-6466東京都杉', 2150, { x: 51, h: 40 });
    const second = line('並区阿佐谷南3.8-13グランJ馬誠', 2200, { x: 51, h: 40 });
    const third = line('ス609号室', 2250, { x: 51, h: 40 });
    const boxes = findSensitiveBoxes([column, first, second, third], { width: 1176, height: 2556 });
    expect(covered(boxes, third.box)).toBe(true);
    // A sentence under it is no part of the address (only the padding of the line above reaches it).
    const sentence = line('ご対応をお願いします。', 2250, { x: 51, h: 40 });
    expect(touches(findSensitiveBoxes([column, first, second, sentence], { width: 1176, height: 2556 }), { ...chars(sentence, 3, 8), y: 2265, h: 25 })).toBe(false);
  });
});

describe('redaction of round 11, second split (shapes from seed 20261193)', () => {
  /** The area of a line's characters [start, end). */
  const chars = (l: ReturnType<typeof line>, start: number, end = l.text.length): PixelBox => {
    const first = l.charBoxes[start]!;
    const last = l.charBoxes[end - 1]!;
    return { x: first.x, y: l.box.y, w: last.x + last.w - first.x, h: l.box.h };
  };

  it('covers a full-width number after a phone label read with a ":" between two of its digits, but not a time', () => {
    const phone = line('カスタマーセンター.0.5:7 0一989一8.0.6', 1035, { x: 62, h: 30 });
    const boxes = findSensitiveBoxes([phone], { width: 830, height: 1732 });
    expect(covered(boxes, chars(phone, phone.text.indexOf('0')))).toBe(true);
    expect(findSensitiveBoxes([line('お問い合わせ窓口 9:00〜18:00', 20)], SCREEN)).toEqual([]);
    // All ten digits at the line's end: the number ends there, and the words below stay.
    const words = line('ご不便をおかけし申し訳ございません。', 1098, { x: 63, h: 25 });
    const column = [line('め、下記URLよりご確認ください。', 935, { x: 61, h: 30 }), line('本日中にお手続きください。', 976, { x: 60, h: 25 })];
    expect(touches(findSensitiveBoxes([...column, phone, words], { width: 830, height: 1732 }), { ...words.box, y: 1110, h: 13 })).toBe(false);
  });

  it('carries one or two digits after a phone label at the line\'s end on to the lines below (the number wrapped)', () => {
    const label = line('お問い合わせ: 0 5', 417, { x: 72, h: 26 });
    const rest = line('70ー966一00', 452, { x: 74, h: 30, confidence: 38 });
    const last = line('由', 488, { x: 69, h: 20, confidence: 0 });
    const column = line('Gf20atfcb92jy8xHGR', 380, { x: 71, h: 24 });
    const boxes = findSensitiveBoxes([column, label, rest, last], { width: 410, height: 801 });
    expect(covered(boxes, chars(label, label.text.indexOf('0')))).toBe(true);
    expect(covered(boxes, rest.box)).toBe(true);
    expect(covered(boxes, last.box)).toBe(true);
  });

  it('carries a number led by 0 with fewer than ten digits at the line\'s end on to the next line', () => {
    const phone = line('お電話でのお問い合わせ: 01202542オー2', 1614, { x: 53, h: 46 });
    const rest = line('3 6 (9:00へ18:00)', 1664, { x: 41, h: 46 });
    const boxes = findSensitiveBoxes([line('※本メールは送信専用です。ご確認のほど', 1536, { x: 53, h: 46 }), phone, rest], { width: 1239, height: 2745 });
    expect(covered(boxes, chars(rest, 0, 3))).toBe(true);
    // The hours after it are no part of the number.
    expect(touches(boxes, chars(rest, rest.text.indexOf('9'), rest.text.indexOf('へ')))).toBe(false);
  });

  it('takes ご利用 and two misread characters before ド for ご利用カード, so the value set apart on its row goes', () => {
    const label = line('ご利用孝一ド!', 422, { x: 636, h: 30 });
    const value = line('メメ2407', 426, { x: 914, h: 25, confidence: 16 });
    const boxes = findSensitiveBoxes([label, value], { width: 2536, height: 1127 });
    expect(covered(boxes, { x: label.box.x + label.box.w, y: 426, w: value.box.x + value.box.w - label.box.x - label.box.w, h: 25 })).toBe(true);
    expect(touches(boxes, chars(label, 0, 3))).toBe(false);
  });

  it('covers what follows a "URL:" label to the line\'s end, and the unread row under it when it runs to the edge', () => {
    const above = line('【楽天】ご契約内容の', 203, { x: 56, h: 28 });
    const cue = line('確認が必要です。URL:htt', 231, { x: 44, h: 28 });
    const rest = line('t', 285, { x: 44, h: 16 });
    const boxes = findSensitiveBoxes([above, cue, rest], { width: 423, height: 866 });
    expect(covered(boxes, chars(cue, cue.text.indexOf('h')))).toBe(true);
    expect(covered(boxes, { x: 44, y: 262, w: 190, h: 20 })).toBe(true);
    expect(covered(boxes, chars(cue, 0, 6))).toBe(false);
  });

  it('reaches into a header row as far as its tallest box is taller than the small text read beside it, above a greeting', () => {
    const sender = line('メルカリ2026', 195, { x: 68, h: 33 });
    const date = line('年11月25日17:25', 195, { x: 212, h: 16 });
    const greeting = line('お客様各位', 276, { x: 18, h: 35 });
    const body = line('いつもメルカリをご利用いただ', 327, { x: 19, h: 21 });
    const boxes = findSensitiveBoxes([line('メルカリ:未払い料金のお', 100, { x: 19, h: 35 }), sender, date, greeting, body], { width: 373, height: 667 });
    // Across the row as far as the short text beside reaches.
    expect(covered(boxes, { x: 117, y: 223, w: 180, h: 22 })).toBe(true);
  });
});

describe('redaction of round 12 (shapes from a fresh generated split, seed 20261200)', () => {
  /** The area of a line's characters [start, end). */
  const chars = (l: ReturnType<typeof line>, start: number, end = l.text.length): PixelBox => {
    const first = l.charBoxes[start]!;
    const last = l.charBoxes[end - 1]!;
    return { x: first.x, y: l.box.y, w: last.x + last.w - first.x, h: l.box.h };
  };
  /** A line read as one "character" whose box spans the whole run. */
  const oneGlyph = (text: string, box: PixelBox, confidence: number) => {
    const read = line(text, box.y, { x: box.x, h: box.h, confidence });
    return { ...read, charBoxes: [box], box };
  };

  it('covers a line read as one glyph as wide as a run of text and as tall as the page\'s glyphs, but not a widget\'s frame twice as tall', () => {
    // Glyphs 20 px tall in line boxes 30 px tall, as tesseract gives them.
    const body = [
      line('いつも東京ガスをご利用いただき、誠にありがとうございます。', 900, { x: 52, h: 20 }),
      line('注文番号・032-7306016-0085123', 1356, { x: 49, h: 20 }),
      line('宛名・伊藤健太様', 1533, { x: 49, h: 20 }),
    ].map((read) => ({ ...read, box: { ...read.box, y: read.box.y - 5, h: 30 } }));
    const card = oneGlyph('0', { x: 52, y: 1480, w: 560, h: 22 }, 6);
    const search = oneGlyph('に', { x: 220, y: 40, w: 460, h: 40 }, 0);
    const boxes = findSensitiveBoxes([search, ...body.slice(0, 2), card, body[2]!], { width: 1161, height: 2556 });
    expect(covered(boxes, card.box)).toBe(true);
    expect(touches(boxes, search.box)).toBe(false);
  });

  it('covers the strip under an unfinished sentence that points at a link, over the image\'s bottom edge', () => {
    const paragraph = [
      line('クされました。以', 858, { x: 215, h: 60 }),
      line('下のリンクから手', 942, { x: 210, h: 60 }),
      line('続きをお願いいた', 1037, { x: 208, h: 66 }),
    ];
    const image = { width: 1188, height: 1191 };
    const boxes = findSensitiveBoxes([line('アカウントがロッ', 761, { x: 215, h: 60 }), ...paragraph], image);
    // The cut row under it, where 「します。https://v9」 stood.
    expect(covered(boxes, { x: 479, y: 1143, w: 200, h: 48 })).toBe(true);
    // Not under an unfinished sentence without a link in it.
    const plain = [line('クされました。お', 858, { x: 215, h: 60 }), line('手数ですがお問い', 942, { x: 210, h: 60 }), line('合わせをお願いい', 1037, { x: 208, h: 66 })];
    expect(findSensitiveBoxes(plain, image)).toEqual([]);
  });

  it('covers the Latin run left bare between two halves of one address read with spaces, but not Japanese between two addresses', () => {
    const url = line('httns・//annla-id-in ae2<r oyxamnla/rhark/', 637, { x: 151, h: 22, confidence: 31 });
    const boxes = findSensitiveBoxes([url], { width: 848, height: 700 });
    const gap = url.text.indexOf('ae2');
    expect(covered(boxes, chars(url, gap, gap + 5))).toBe(true);
    const two = line('送信元 info@a-mail.example または desk@b-mail.example', 100, { x: 20 });
    const word = two.text.indexOf('または');
    // (The row under it goes from its lower edge on: the second address ran to the line's end.)
    expect(touches(findSensitiveBoxes([two], { width: 848, height: 700 }), { ...chars(two, word + 1, word + 2), h: 10 })).toBe(false);
  });

  it('covers the space between its column\'s edge and a greeting that starts right of it (the family name went unread)', () => {
    const greeting = line('健二様', 177, { x: 577, h: 18, confidence: 58 });
    const body = line('Appleをご利用いただきありがとうございます。', 216, { x: 541, h: 27 });
    const boxes = findSensitiveBoxes([line('宛先: 3fsyoshida608@ezweb.example', 130, { x: 593, h: 25 }), greeting, body], { width: 1200, height: 560 });
    expect(covered(boxes, { x: 541, y: 177, w: 36, h: 18 })).toBe(true);
    // A greeting at its column's edge loses nothing to its left.
    const flush = line('森健太様', 177, { x: 541, h: 18 });
    expect(touches(findSensitiveBoxes([flush, body], { width: 1200, height: 560 }), { x: 480, y: 177, w: 40, h: 18 })).toBe(false);
  });

  it('covers the space right of a card label that ends its line (the mask went unread), as wide as a masked number', () => {
    const label = line('ご利用カード:', 700, { x: 40, h: 30 });
    const boxes = findSensitiveBoxes([line('受付番号:ZS59546458', 650, { x: 40, h: 30 }), label, line('お届け先:東京都', 750, { x: 40, h: 30 })], { width: 1000, height: 1600 });
    expect(covered(boxes, { x: label.box.x + label.box.w, y: 700, w: 300, h: 30 })).toBe(true);
    // As wide as a masked number, no further.
    expect(touches(boxes, { x: label.box.x + label.box.w + 30 * 12 + 5, y: 700, w: 100, h: 30 })).toBe(false);
  });

  it('covers the value of a field read with little confidence whatever its label was read as, but not one read surely or a clock', () => {
    const field = line('突名・震大生々幸', 1427, { x: 29, h: 26, confidence: 29 });
    const boxes = findSensitiveBoxes([field], { width: 800, height: 1600 });
    expect(covered(boxes, chars(field, 3))).toBe(true);
    expect(touches(boxes, chars(field, 0, 1))).toBe(false);
    expect(findSensitiveBoxes([line('期限・2月19日', 914, { x: 29, h: 26, confidence: 80 })], { width: 800, height: 1600 })).toEqual([]);
    expect(findSensitiveBoxes([line('12:58', 309, { x: 312, h: 15, confidence: 23 })], { width: 800, height: 1600 })).toEqual([]);
    // Nor an SMS's time (its "・" is no kana) or an app bar's garbage ending in a lone bracket.
    expect(findSensitiveBoxes([line('mor・sMs', 708, { x: 36, h: 30, confidence: 28 })], { width: 800, height: 1600 })).toEqual([]);
    expect(findSensitiveBoxes([line('ビ則:】', 300, { x: 35, h: 30, confidence: 28 })], { width: 800, height: 1600 })).toEqual([]);
  });
});

describe('redaction of round 13 (shapes from a fresh generated split, seed 20261281)', () => {
  const IMAGE = { width: 1107, height: 2436 };

  it('carries a full-width number on below when its last digit at the line\'s end was read as a look-alike after a separator', () => {
    // 「カスタマーセンター：０５７０－３９８－７」 / 「７１（9:00〜18:00）」, its label and digits misread.
    const above = line('24時間以内にご対応がない場合、ご利用を', 1880, { x: 49, h: 72 });
    const number = line('カスタマーセシター.0 57了0O一398ーア', 1960, { x: 49, h: 72 });
    const rest = line('7 1 (9:00へ18:00)', 2037, { x: 49, h: 72 });
    const boxes = findSensitiveBoxes([above, number, rest], IMAGE);
    // The rest's two digits below.
    expect(covered(boxes, { ...rest.charBoxes[0]!, w: rest.charBoxes[2]!.x + rest.charBoxes[2]!.w - rest.charBoxes[0]!.x })).toBe(true);
    // Not the hours after them.
    expect(touches(boxes, rest.charBoxes[rest.text.indexOf('へ')]!)).toBe(false);
    // A whole number (ten digits, not a mobile's) followed by a separator and a word ends there.
    const whole = line('お問い合わせ 0120-123-456 ー 受付', 1960, { x: 49, h: 72 });
    expect(touches(findSensitiveBoxes([above, whole, line('1 2 (9:00へ18:00)', 2037, { x: 49, h: 72 })], IMAGE), { x: 49, y: 2060, w: 60, h: 40 })).toBe(false);
  });

  it('covers the rest of a phone label\'s line when it holds a short run of no words led by a letter or digit (the number half hidden or misread)', () => {
    const label = line('カスタマーセンターso直時', 2440, { x: 56, h: 55 });
    const boxes = findSensitiveBoxes([label], { width: 1146, height: 2562 });
    const start = label.text.indexOf('s');
    expect(covered(boxes, { x: label.charBoxes[start]!.x, y: 2440, w: label.box.x + label.box.w - label.charBoxes[start]!.x, h: 55 })).toBe(true);
    // A sentence after the label is no number.
    expect(findSensitiveBoxes([line('カスタマーセンターまでご連絡ください', 2440, { x: 56, h: 55 })], { width: 1146, height: 2562 })).toEqual([]);
  });

  it('covers a single glyph twice as wide as tall above a greeting (the sender and the To line read as one), not a square avatar', () => {
    const merged = line('本', 126, { x: 593, h: 43, confidence: 0 });
    const glyph = { ...merged, charBoxes: [{ x: 593, y: 126, w: 109, h: 43 }], box: { x: 593, y: 126, w: 109, h: 43 } };
    const lines = [
      line('au事務局', 119, { x: 228, h: 20 }),
      glyph,
      line('<btuyamada788@icloud.example>', 178, { x: 593, h: 17, confidence: 76 }),
      line('青木明美様', 220, { x: 542, h: 18 }),
      line('いつもauをご利用いただき、誠にありがとうございま', 261, { x: 542, h: 19 }),
    ];
    expect(covered(findSensitiveBoxes(lines, { width: 1024, height: 720 }), glyph.box)).toBe(true);
    const avatar = { ...glyph, charBoxes: [{ x: 593, y: 126, w: 43, h: 43 }], box: { x: 593, y: 126, w: 43, h: 43 } };
    expect(touches(findSensitiveBoxes([lines[0]!, avatar, ...lines.slice(2)], { width: 1024, height: 720 }), avatar.box)).toBe(false);
  });

  it('covers a bracketed address from its "<" on: OCR sets the first letters\' boxes a few pixels right of them', () => {
    const sender = line('楽天市場<order06@rakuten-ichiba.test>', 230, { x: 1185, h: 24 });
    const bracket = sender.text.indexOf('<');
    // The "<" read a whole glyph wide (its box runs into the address's first letter).
    const wide = { ...sender, charBoxes: sender.charBoxes.map((box, i) => (i === bracket ? { ...box, x: box.x - 12, w: box.w + 12 } : box)) };
    expect(covered(findSensitiveBoxes([wide], { width: 1700, height: 900 }), wide.charBoxes[bracket]!)).toBe(true);
  });

  it('covers a sender\'s address cut before its "@" (a banner over the rest), not the subject below nor a "<Back" button', () => {
    const sender = line('ヤフーショッピング<no_reply+', 150, { x: 1460, h: 40 });
    const subject = line('◆重要◆Yahoo!ショッピング:ご注文の確認', 240, { x: 1200, h: 40 });
    const boxes = findSensitiveBoxes([sender, subject], { width: 2600, height: 1100 });
    const first = sender.charBoxes[sender.text.indexOf('n')]!;
    const last = sender.charBoxes.at(-1)!;
    expect(covered(boxes, { x: first.x, y: first.y, w: last.x + last.w - first.x, h: first.h })).toBe(true);
    expect(touches(boxes, subject.box)).toBe(false);
    expect(findSensitiveBoxes([line('<Back', 150, { x: 20, h: 30 }), line('<戻る 12', 190, { x: 20, h: 30 }), line('< 300300', 230, { x: 20, h: 30 })], { width: 800, height: 600 })).toEqual([]);
  });

  it('leaves a To line naming the mailbox\'s owner (「自分」 and its menu arrow) bare, but covers a name after it', () => {
    const own = line('To自分ャ', 382, { x: 633, h: 22 });
    expect(findSensitiveBoxes([own], { width: 2560, height: 1440 })).toEqual([]);
    const named = line('To 自分、山田花子', 382, { x: 633, h: 22 });
    expect(covered(findSensitiveBoxes([named], { width: 2560, height: 1440 }), named.charBoxes[named.text.indexOf('山')]!)).toBe(true);
  });

  it('covers an e-mail address whose top-level domain\'s dot was read as a space, not a word after a whole address', () => {
    const sender = line('出人: info29@rakuten-card top', 270, { x: 96, h: 25 });
    const tld = sender.text.indexOf('top');
    expect(covered(findSensitiveBoxes([sender], { width: 420, height: 900 }), { ...sender.charBoxes[tld]!, w: sender.charBoxes[tld + 2]!.x + sender.charBoxes[tld + 2]!.w - sender.charBoxes[tld]!.x })).toBe(true);
    const whole = line('info@mail.example.com and more', 270, { x: 96, h: 25 });
    const word = whole.text.indexOf('more');
    expect(touches(findSensitiveBoxes([whole], { width: 900, height: 900 }), whole.charBoxes[word + 1]!)).toBe(false);
  });

  it('does not take a message\'s time right under a URL\'s last line for its unread rest', () => {
    const bubble = [
      line('す。https://4s8d94.xyz/', 622, { x: 145, h: 60 }),
      line('billing/check/mypage/m', 700, { x: 143, h: 60 }),
      line('のねBlgVdg5y20gUUB&v=2', 775, { x: 143, h: 60 }),
    ];
    const time = line('14:39・SMS', 860, { x: 111, h: 29 });
    const boxes = findSensitiveBoxes([...bubble, time], { width: 1080, height: 1900 });
    expect(touches(boxes, { ...time.box, y: time.box.y + 8, h: time.box.h - 8 })).toBe(false);
    // With room for an unread line between them, that room is still covered.
    const later = line('14:39・SMS', 900, { x: 111, h: 29 });
    expect(covered(findSensitiveBoxes([...bubble, later], { width: 1080, height: 1900 }), { x: 143, y: 842, w: 300, h: 40 })).toBe(true);
  });

  it('still covers the row under a postal address that ran to its column\'s edge when a "time" read unsurely stands there', () => {
    // 「…若宮町2-2」 / 「5-19」 read as 「5:49」 at confidence 0 (the generated set's g021).
    const lines = [
      line('お問い合わせ番号・2225-2008-7797', 613, { x: 18, h: 23 }),
      line('配送先:〒854-0629愛知県豊田市若宮町2-2', 635, { x: 17, h: 28 }),
      line('5:49', 668, { x: 17, h: 13, confidence: 0 }),
      line('期限・12月6日', 701, { x: 17, h: 26 }),
    ];
    expect(covered(findSensitiveBoxes(lines, { width: 360, height: 800 }), { x: 17, y: 668, w: 31, h: 13 })).toBe(true);
  });
});


describe('an address whose line runs on into something that is no text of its column', () => {
  const SIDE_PANE = { width: 1400, height: 300 };

  it('covers the wrapped rest below when the run-on is a rule read as a stretched 「ー」', () => {
    // The folder pane's account address, the page reading run on into the list's rule ("ーー").
    const address = line('mrdyamada197@softbank.', 83, { x: 12, h: 14 });
    const ruleX = address.box.x + address.box.w + 19;
    const rule = [{ x: ruleX, y: 83, w: 1000, h: 22 }, { x: ruleX + 1000, y: 83, w: 24, h: 22 }];
    const runOn = {
      ...address,
      text: `${address.text}ーー`,
      charBoxes: [...address.charBoxes, ...rule],
      charConfidences: [...address.charConfidences, 90, 90],
      box: { ...address.box, w: ruleX + 1024 - address.box.x, h: 22 },
    };
    const rest = line('test', 117, { x: 12, h: 14 });
    expect(covered(findSensitiveBoxes([runOn, rest], SIDE_PANE), rest.box)).toBe(true);
  });

  it('does not wrap onto the next line when the address is followed by text right beside it', () => {
    const address = line('mrdyamada197@softbank.jp ご確認ください', 83, { x: 12, h: 14 });
    const rest = line('test', 117, { x: 12, h: 14 });
    expect(touches(findSensitiveBoxes([address, rest], SIDE_PANE), rest.box)).toBe(false);
  });
});
