import { describe, expect, it } from 'vitest';
import { ocrLine } from '../../test/ocr-line-factories';
import { withoutRereadPieces } from './row-pieces';

const entry = (text: string, y: number, x: number, h = 20) => ({ text, line: ocrLine(text, y, { x, h }) });

describe('pieces of a line read a second time beside it', () => {
  it('go, and what one read past the line\'s end goes onto the line', () => {
    // The whole line stops short at 「ありがとう」; pieces over it read 「運輸をご」, 「にだき」 and, past its end, 「ござ」.
    const whole = entry('ヤマト運輸をご利用いただきありがとう', 100, 100);
    const lines = [entry('運輸をご', 100, 160), entry('にだき', 101, 300), entry('がとうござ', 99, 400), whole, entry('います。', 100, 560)];
    expect(withoutRereadPieces(lines).map(({ text }) => text)).toEqual(['ヤマト運輸をご利用いただきありがとうござ', 'います。']);
  });

  it('leaves lines of other rows, other columns and other words alone', () => {
    const lines = [
      entry('経費精算の提出期限のお知らせ', 100, 20),
      entry('楽天カードをご利用いただきありがとうございます。', 100, 400),
      entry('週末のおすすめ記事', 130, 420),
      entry('カードのご利用を一時的に制限させていただいております。', 130, 400),
    ];
    expect(withoutRereadPieces(lines)).toEqual(lines);
  });

  it('keeps a short line on the row whose characters are not the whole line\'s', () => {
    const lines = [entry('ご請求金額のお知らせがございます', 100, 100), entry('昨日', 100, 180)];
    expect(withoutRereadPieces(lines)).toEqual(lines);
  });
});
