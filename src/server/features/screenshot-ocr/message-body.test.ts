import { describe, expect, it } from 'vitest';
import { ocrLine } from '../../test/ocr-line-factories';
import { messageStart, withGreetingAsPlaceholder, withoutChatSenderName, withoutComposerBar, withoutCutEdgeLines } from './message-body';

const entry = (text: string, y: number, options: Parameters<typeof ocrLine>[2] = {}) => ({ text, line: ocrLine(text, y, options) });

describe('a chat\'s input box under the messages', () => {
  const message = entry('お問い合わせ: 0120-790-964', 1246, { x: 212, h: 72 });

  it('goes when its attach button is read as 十 or +, however its placeholder was garbled', () => {
    const lines = [message, entry('十老222E語当且が妨', 2281, { x: 45, h: 71, confidence: 11 })];
    expect(withoutComposerBar(lines, { height: 2436 })).toEqual([message]);
  });

  it('is not a message\'s last line holding an international number', () => {
    const lines = [message, entry('+81 90-1234-5678', 2281, { x: 45, h: 71, confidence: 60 })];
    expect(withoutComposerBar(lines, { height: 2436 })).toHaveLength(2);
  });
});

describe('a chat sender\'s name beside the avatar above large text', () => {
  it('goes, measured by the text\'s characters, not its tall lines', () => {
    // Large text: lines 97 tall, characters 73 wide; the name stands 181 left of the bubble's text.
    const name = entry('⑫JCBカードお知らせ', 450, { x: 34, h: 114 });
    const bubble = { text: 'JCBカード:本人', line: { ...ocrLine('JCBカード:本人', 563, { x: 215, h: 73 }), box: { x: 215, y: 563, w: 510, h: 97 } } };
    expect(withoutChatSenderName([name, bubble, entry('認証サービスの登', 660, { x: 215, h: 75 })]).map(({ text }) => text)).toEqual(['JCBカード:本人', '認証サービスの登']);
  });
});

describe('a chat sender\'s name read with its avatar, a box taller than the name', () => {
  it('goes, though its middle reaches the bubble\'s first line', () => {
    const lines = [
      entry('(三井入友寺生', 133, { x: 15, h: 44, confidence: 18 }),
      entry('三井住友銀行】ダイレクトの利用が', 153, { x: 82, h: 29 }),
      entry('一時的に制限されています。下記URLか', 175, { x: 75, h: 25 }),
    ];
    expect(withoutChatSenderName(lines)[0]!.text).toBe('三井住友銀行】ダイレクトの利用が');
  });
});

describe('a greeting as long as a sentence', () => {
  it('becomes the placeholder, and is not taken for the opening sentence', () => {
    const lines = [
      entry('ヤマモトドクケンタ(様', 1019, { x: 51, h: 70, confidence: 72 }),
      entry('SoftBankをご利用いただきありがとうございます。', 1133, { x: 51, h: 72 }),
      entry('ご利用料金のお支払いが確認できません。', 1249, { x: 55, h: 72 }),
    ];
    expect(withGreetingAsPlaceholder(lines, lines)[0]!.text).toBe('〇〇様');
  });
});

describe('where a mail\'s message starts', () => {
  const header = [
    entry('【楽天モバイル】お客様窓口<mobile@mail.example>', 236, { x: 1203, h: 30 }),
    entry('宛先: ogawa_nao7668@ezweb.example', 276, { x: 1185, h: 28 }),
  ];
  const message = [
    entry('吉田修様', 352, { x: 1084, h: 27 }),
    entry('平素より楽天モバイルをご愛顧いただき、ありがとうございます。', 414, { x: 1081, h: 41 }),
    entry('お客様のアカウントに不審なログインがありました。', 478, { x: 1083, h: 42 }),
    entry('ご利用日時:2026/12/15 18:39', 652, { x: 1084, h: 39 }),
    entry('本日中にお手続きください。', 885, { x: 1081, h: 49 }),
    entry('今後ともよろしくお願いいたします。', 1015, { x: 1081, h: 49 }),
  ];

  it('is at the greeting when a line under the message\'s sentences was taken for the header\'s end', () => {
    expect(messageStart([...header, ...message], 5)).toBe(2);
  });

  it('is right after the header otherwise', () => {
    expect(messageStart([...header, ...message], 1)).toBe(2);
    // A header's end with one sentence above it (a banner's, a note's) stays where it was found.
    expect(messageStart([...header, ...message.slice(2)], 3)).toBe(4);
  });
});

describe('a line the capture\'s bottom edge cuts through, read unsurely', () => {
  it('stays when it holds a URL\'s scheme read whole, and goes when it is half glyphs', () => {
    const size = { height: 1050 };
    const sentence = entry('下記URLへアクセスしてください。', 793, { x: 89, h: 70 });
    const url = entry('https://amazn-jp-support.xyz/j', 988, { x: 86, h: 54, confidence: 37 });
    const halves = entry('ーーロスDh4naVT', 988, { x: 86, h: 54, confidence: 37 });
    expect(withoutCutEdgeLines([sentence, url], size)).toEqual([sentence, url]);
    expect(withoutCutEdgeLines([sentence, halves], size)).toEqual([sentence]);
  });
});
