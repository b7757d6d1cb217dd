import { describe, expect, it } from 'vitest';
import { ocrLine as line } from '../../test/ocr-line-factories';
import { extractFormData } from './form-extraction';

describe('a sender address cut before its top-level domain', () => {
  const gmail = (to: string) => extractFormData([
    line('三Gmail', 23, { x: 17, h: 18 }),
    line('【楽天市場】ご注文の確認', 113, { x: 316, h: 30 }),
    line('受信トレイ', 147, { x: 27, h: 23 }),
    line('の楽天市場カスタマーセンター<info@mail.rakuten-ichiba.xy', 165, { x: 264, h: 14 }),
    line('2026年11月23日13:07', 163, { x: 1028, h: 14 }),
    line(to, 186, { x: 316, h: 14 }),
    line('林様', 234, { x: 316, h: 15 }),
    line('平素より楽天市場をご愛顧いただき、ありがとうございます。', 268, { x: 316, h: 17 }),
    line('ご注文の確認が必要です。誠に恐れ入りますが、下記URLよりご確認ください。', 306, { x: 316, h: 17 }),
  ], { width: 1200, height: 760 });

  it('is not completed by the To row read with its label run into the address (「Toy-hayashi.47@…」)', () => {
    expect(gmail('Toy-hayashi.47@mail.exampley').source_email).toBe('info@mail.rakuten-ichiba.xyz');
  });

  it('is still completed by a next line that holds the domain\'s end only', () => {
    expect(gmail('z>').source_email).toBe('info@mail.rakuten-ichiba.xyz');
  });
});
