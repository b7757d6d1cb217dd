import { describe, expect, it } from 'vitest';
import { ocrLine } from '../../test/ocr-line-factories';
import { withSurerAddressReadings } from './address-second-look';
import type { SecondLook } from './second-look';

const page = [
  ocrLine('下記URLよりご確認ください。', 100),
  ocrLine('https://web.sagawa-kyubin-yaj.test/index.htm/mypage', 130, { confidence: 30 }),
  ocrLine('佐川急便', 160),
];
const look = (text: string, confidence: number, line = 1): SecondLook => ({ area: page[line]!.box, line, lines: [ocrLine(text, 131, { x: 42, confidence })] });

describe('a URL line the second look read surely', () => {
  it('takes the place of the unsure page reading, keeping the page line box', () => {
    const lines = withSurerAddressReadings(page, [look('https://web.sagawa-kyubin-yaj.test/index.html/mypage', 73)]);
    expect(lines.map(({ text }) => text)).toEqual(['下記URLよりご確認ください。', 'https://web.sagawa-kyubin-yaj.test/index.html/mypage', '佐川急便']);
    expect(lines[1]!.box).toEqual(page[1]!.box);
    expect(lines[1]!.charBoxes).toHaveLength(lines[1]!.text.length);
  });

  it('mends a query piece whose key the page lost (「=YPYx…」 read again as 「d=YPYx…」)', () => {
    const query = [ocrLine('https://xty6es.example/billing/notice/secure/portal?i', 100), ocrLine('=YPYx5kmqPHxhVYBiZp', 125, { confidence: 0 })];
    const again: SecondLook = { area: query[1]!.box, line: 1, lines: [ocrLine('5てさてていら', 120, { confidence: 2 }), ocrLine('d=YPYx5kmqPHxhVYBiZp', 126, { confidence: 83 })] };
    expect(withSurerAddressReadings(query, [again])[1]!.text).toBe('d=YPYx5kmqPHxhVYBiZp');
  });

  it('leaves the page reading when the second reading is unsure, is another text, or is no URL', () => {
    // Unsure (33): the page's 「…Hg0TYZ」 was right and the second look's 「…Hg0OTYZ」 is not.
    expect(withSurerAddressReadings(page, [look('https://web.sagawa-kyubin-yaj.test/index.htm/mmypage', 33)])).toEqual(page);
    // A neighbour the crop took in, an e-mail address, and a page line without an address.
    expect(withSurerAddressReadings(page, [look('お問い合わせ: 03-7966-1839', 90)])).toEqual(page);
    expect(withSurerAddressReadings(page, [look('sagawa-kyubin@yaj.test', 90)])).toEqual(page);
    expect(withSurerAddressReadings(page, [look('下記URLよりご確認ください。', 95, 0)])).toEqual(page);
    // A row the page never read (no page line) is not placed here.
    const unread: SecondLook = { area: page[1]!.box, lines: [ocrLine('https://x.test/a?b=c', 131, { confidence: 90 })] };
    expect(withSurerAddressReadings(page, [unread])).toEqual(page);
  });

  it('takes no side between two sure readings of the row', () => {
    const two: SecondLook = { area: page[1]!.box, line: 1, lines: [ocrLine('https://web.sagawa-kyubin-yaj.test/index.html', 131, { confidence: 80 }), ocrLine('/mypage', 150, { confidence: 80 })] };
    expect(withSurerAddressReadings(page, [two])).toEqual(page);
  });
});
