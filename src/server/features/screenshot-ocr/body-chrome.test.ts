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

describe('a message list beside the message, read with its rows doubled or glued on', () => {
  const sentence = (text: string, y: number) => ({ text, line: ocrLine(text, y, { x: 540, h: 20 }) });

  it('drops a list line two rows tall that ends left of the message\'s column', () => {
    // Two rows of the list read as one line stand 40 tall; the line ends 30 left of the column: more than a character, less than its height.
    const tall = ocrLine('をいなってきました。今週は', 100, { x: 250, h: 20 });
    const kept = withoutChrome([
      { text: tall.text, line: { ...tall, box: { ...tall.box, h: 40 } } },
      sentence('楽天カードをご利用いただきありがとうございます。', 100),
      sentence('カードのご利用を一時的に制限させていただいております。', 130),
      sentence('誠に恐れ入りますが、下記URLよりログインしてください。', 160),
    ]).map(({ text }) => text);
    expect(kept).not.toContain('をいなってきました。今週は');
    expect(kept).toHaveLength(3);
  });

  it('cuts a list preview off a greeting glued on at the message\'s column', () => {
    const left = ocrLine('寒くなってきました。今週は', 100, { x: 220, h: 20 });
    const right = ocrLine('お客様各位', 100, { x: 540, h: 20 });
    const glued = { ...left, text: left.text + right.text, charBoxes: [...left.charBoxes, ...right.charBoxes], charConfidences: [...left.charConfidences, ...right.charConfidences], box: { ...left.box, w: right.box.x + right.box.w - left.box.x } };
    const kept = withoutChrome([
      { text: glued.text, line: glued },
      sentence('いつもヤマト運輸をご利用いただき、誠にありがとうございます。', 130),
      sentence('お届け先住所の確認が必要です。下記URLよりご確認ください。', 160),
    ]).map(({ text }) => text);
    expect(kept[0]).toBe('お客様各位');
  });
});

describe('an app\'s note wrapped so that only its second line says what it is', () => {
  const line = (text: string, y: number, x = 100) => ({ text, line: ocrLine(text, y, { x, h: 20 }) });

  it('goes with the line it continues, though marks were listed between', () => {
    const kept = withoutChrome([
      line('のメメセージのリUEE dE本シテデテン', 100),
      line('誠二デ后吉拉', 100, 700),
      line('ツは読み込まれていません。', 122),
      line('いつもNHKをご利用いただき、誠にありがとうございます。', 200),
    ]).map(({ text }) => text);
    expect(kept).toEqual(['誠二デ后吉拉', 'いつもNHKをご利用いただき、誠にありがとうございます。']);
  });

  it('does not take a message\'s line with it when a button row stands under it', () => {
    const kept = withoutChrome([
      line('お客様のアカウントに不審なログインがありました', 100),
      line('(返信) (全員に返信) (転送)', 122),
    ]).map(({ text }) => text);
    expect(kept).toEqual(['お客様のアカウントに不審なログインがありました']);
  });
});

describe('a toolbar\'s icons read as a few glyphs repeated', () => {
  it('goes when it stands far taller than the message\'s letters', () => {
    const line = (text: string, y: number, h = 20) => ({ text, line: ocrLine(text, y, { x: 30, h }) });
    const kept = withoutChrome([
      line('本日中にお手続きください。お問い合わせは窓口まで', 100),
      line('※このメールにお心当たりのない場合は破棄してください。', 130),
      line('今後ともよろしくお願いいたします。水道局', 160),
      line('こつごつごこつ', 400, 70),
    ]).map(({ text }) => text);
    expect(kept).not.toContain('こつごつごこつ');
    expect(kept).toHaveLength(3);
  });
});

describe('an app\'s warning wrapped so that its last kana and 。 stand alone', () => {
  it('goes whole: the short piece is measured by its height', () => {
    const line = (text: string, y: number, w: number, h: number) => ({ text, line: { ...ocrLine(text, y, { x: 67, h }), box: { x: 67, y, w, h } } });
    const kept = withoutChrome([
      line('電話帳に登録されていない相手からのSMSです。URL', 349, 997, 63),
      line('を開いたり、個人情報を入力したりしないでくださ', 408, 955, 65),
      line('い。', 466, 58, 70),
      line('佐川急便:お届け予定のお荷物について、宛先住所に', 629, 755, 75),
    ]).map(({ text }) => text);
    expect(kept).toEqual(['佐川急便:お届け予定のお荷物について、宛先住所に']);
  });
});
