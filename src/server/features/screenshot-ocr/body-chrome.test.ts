import { describe, expect, it } from 'vitest';
import { ocrLine } from '../../test/ocr-line-factories';
import { withoutChrome, withoutTrailingStamp } from './body-chrome';

const text = (read: string) => withoutTrailingStamp({ text: read, line: ocrLine(read, 100) }).text;

describe('a bubble\'s stamp read onto the end of its last line', () => {
  it('is cut off, its slash read as 7 or not', () => {
    expect(text('https://saxne5ist.buzz:8443/auth?id=DRy7hstHpJk8H1/20(土) 7:59')).toBe('https://saxne5ist.buzz:8443/auth?id=DRy7hstHpJk8H');
    expect(text('伝票番号165-1515-713611725(日) 18:27')).toBe('伝票番号165-1515-7136');
    expect(text('お問い合わせ: 03-1317-8283 1/20() 7:20')).toBe('お問い合わせ: 03-1317-8283');
  });

  it('is not a field\'s date and time after its label', () => {
    expect(text('予約日時：11/20(木) 10:00')).toBe('予約日時：11/20(木) 10:00');
    expect(text('期限: 11/20(木) 23:59')).toBe('期限: 11/20(木) 23:59');
  });
});

describe('a message list\'s line read onto the start of the message\'s line', () => {
  const sentence = (text: string, y: number) => ({ text, line: ocrLine(text, y, { x: 540, h: 20 }) });
  const glued = (pane: string, message: string, y: number) => {
    const left = ocrLine(pane, y, { x: 220, h: 20 });
    const right = ocrLine(message, y, { x: 540, h: 20 });
    const line = { ...left, text: pane + message, charBoxes: [...left.charBoxes, ...right.charBoxes], charConfidences: [...left.charConfidences, ...right.charConfidences], box: { ...left.box, w: right.box.x + right.box.w - left.box.x } };
    return { text: pane + message, line };
  };

  it('goes with the list when the rest starts at the message\'s column', () => {
    const kept = withoutChrome([
      sentence('いつも楽天カードをご利用いただき、誠にありがとうございます。', 100),
      glued('昨日|', 'カードのご利用を一時的に制限させていただいております。', 130),
      sentence('誠に恐れ入りますが、下記URLから再配達のご依頼をお願いします。', 160),
    ]).map(({ text }) => text);
    expect(kept[1]).toBe('カードのご利用を一時的に制限させていただいております。');
  });

  it('stays when nothing sets the two apart', () => {
    const line = ocrLine('お客様のカードのご利用を一時的に制限させていただいております。', 130, { x: 480, h: 20 });
    const kept = withoutChrome([sentence('いつも楽天カードをご利用いただき、誠にありがとうございます。', 100), { text: line.text, line }, sentence('誠に恐れ入りますが、下記URLから再配達のご依頼をお願いします。', 160)]);
    expect(kept[1]!.text).toBe('お客様のカードのご利用を一時的に制限させていただいております。');
  });
});
