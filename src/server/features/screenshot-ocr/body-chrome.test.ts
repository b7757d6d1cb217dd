import { describe, expect, it } from 'vitest';
import { ocrLine } from '../../test/ocr-line-factories';
import { withoutTrailingStamp } from './body-chrome';

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
