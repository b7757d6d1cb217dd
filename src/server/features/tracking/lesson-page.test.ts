import { readFileSync } from 'node:fs';
import { type Element, isTag } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { type LessonPageData, lessonAssets, renderLessonNotFound, renderLessonPage, renderLoginLookalike } from './lesson-page';

const deliveryMail = {
  fromName: 'ヤマネコ運輸',
  fromAddress: 'no-reply@yamaneko-unyu-delivery.example',
  subject: '【ヤマネコ運輸】お荷物のお届けについて（至急ご確認ください）',
  html: `<div style="font-family:sans-serif;color:#222222;">
<p>山田 太郎 様</p>
<p>お荷物をお届けにあがりましたが、ご不在のため持ち帰りました。<br>本日中に再配達のご依頼がない場合、差出人へ返送されます。</p>
<p>再配達のご依頼はこちら<br><a href="https://track.example/c/tok" style="color:#1a0dab" title="x">https://yamaneko-unyu.redelivery-check.example/</a></p>
<p>本日中に再配達のご依頼がない場合は、お問い合わせください。</p>
</div>`,
  text: `山田 太郎 様

お荷物をお届けにあがりましたが、ご不在のため持ち帰りました。
本日中に再配達のご依頼がない場合、差出人へ返送されます。

再配達のご依頼はこちら（yamaneko-unyu.redelivery-check.example）
https://track.example/c/tok`,
};

const deliveryFlags = [
  { label: '送信元のドメインが公式と違う', explanation: '表示名は誰でも名乗れます。', excerpt: 'yamaneko-unyu-delivery.example' },
  { label: '「本日中」と急がせている', explanation: '短い期限で考える時間を奪います。', excerpt: '本日中に再配達のご依頼がない場合' },
  { label: 'リンク先が宅配業者のドメインではない', explanation: '本当のドメインは後ろの部分です。', excerpt: 'yamaneko-unyu.redelivery-check.example' },
];

const lesson = (overrides: Partial<LessonPageData> = {}): LessonPageData => ({
  audience: { kind: 'company', companyName: '株式会社サンプル商事' },
  mail: deliveryMail,
  redFlags: deliveryFlags,
  submitted: false,
  beaconUrl: '/t/tok/seen',
  assetBase: '/lesson-assets',
  ...overrides,
});

const parse = (page: string) => parseDocument(page);
const all = (root: ReturnType<typeof parse>, test: (element: Element) => boolean) => DomUtils.findAll(test, root.children);
const byClass = (name: string) => (element: Element) => (element.attribs.class ?? '').split(' ').includes(name);
const one = (root: ReturnType<typeof parse>, test: (element: Element) => boolean) => {
  const found = DomUtils.findOne(test, root.children);
  if (!found) throw new Error('element not found');
  return found;
};
const text = (element: Element) => DomUtils.textContent(element);
/** The marks in document order: number on the badge, id, marked words. */
const marks = (root: ReturnType<typeof parse>) =>
  all(root, byClass('lesson-flag')).map((mark) => {
    const badge = one(parse(DomUtils.getOuterHTML(mark)), byClass('lesson-flag__badge'));
    return { id: mark.attribs.id, badge: text(badge), words: text(mark).slice(text(badge).length) };
  });

/** What the CSP refuses: a style attribute or element anywhere, or a script without src. */
function expectCspClean(page: string) {
  const root = parse(page);
  expect(all(root, (element) => 'style' in element.attribs)).toEqual([]);
  expect(all(root, (element) => element.name === 'style')).toEqual([]);
  expect(all(root, (element) => element.name === 'script' && !element.attribs.src)).toEqual([]);
  expect(all(root, (element) => Object.keys(element.attribs).some((name) => name.startsWith('on')))).toEqual([]);
}

describe('lesson page', () => {
  it('says plainly, in Japanese, that it was the employer’s training and nothing was harmed', () => {
    const page = renderLessonPage(lesson());
    const root = parse(page);
    expect(one(root, (element) => element.name === 'html').attribs.lang).toBe('ja');
    expect(all(root, (element) => element.name === 'h1').map(text)).toEqual(['これは株式会社サンプル商事が実施している標的型メール訓練です']);
    expect(text(one(root, (element) => element.name === 'main'))).toContain('落ち着いてください。実際の被害はありません。');
    expect(all(root, (element) => ['header', 'main', 'footer'].includes(element.name)).map((element) => element.name)).toEqual(['header', 'main', 'footer']);
    expect(all(root, byClass('lesson-habit')).length).toBeGreaterThanOrEqual(3);
    expect(page).not.toContain('入力された内容は送信・保存されていません');
    expectCspClean(page);
  });

  it('numbers the marks in the order of the flags, each at its first occurrence, and lists the flags with the same numbers', () => {
    const root = parse(renderLessonPage(lesson()));
    expect(marks(root)).toEqual([
      { id: 'flag-1', badge: '1', words: 'yamaneko-unyu-delivery.example' },
      { id: 'flag-2', badge: '2', words: '本日中に再配達のご依頼がない場合' },
      { id: 'flag-3', badge: '3', words: 'yamaneko-unyu.redelivery-check.example' },
    ]);
    // The second flag's words occur twice in the body: only the first is marked.
    const body = text(one(root, byClass('lesson-mail__body')));
    expect(body.match(/本日中に再配達のご依頼がない場合/g)).toHaveLength(2);
    const points = all(root, byClass('lesson-point'));
    expect(points.map((point) => text(one(parse(DomUtils.getOuterHTML(point)), (element) => element.name === 'h4')))).toEqual([
      'ポイント1：送信元のドメインが公式と違う',
      'ポイント2：「本日中」と急がせている',
      'ポイント3：リンク先が宅配業者のドメインではない',
    ]);
    expect(points.map((point) => one(parse(DomUtils.getOuterHTML(point)), byClass('lesson-point__jump')).attribs.href)).toEqual(['#flag-1', '#flag-2', '#flag-3']);
    expect(text(points[1] as Element)).toContain('短い期限で考える時間を奪います。');
  });

  it('marks excerpts in the sender name, the sender address and the subject', () => {
    const root = parse(
      renderLessonPage(
        lesson({
          redFlags: [
            { label: '件名', explanation: '', excerpt: '至急ご確認ください' },
            { label: '表示名', explanation: '', excerpt: 'ヤマネコ運輸' },
            { label: 'アドレス', explanation: '', excerpt: 'no-reply' },
          ],
        }),
      ),
    );
    expect(text(one(root, byClass('lesson-mail__subject')))).toBe('【ヤマネコ運輸】お荷物のお届けについて（1至急ご確認ください）');
    expect(one(root, byClass('lesson-mail__subject')).children.filter(isTag).map((element) => element.attribs.id)).toEqual(['flag-1']);
    // The sender line comes first: 「ヤマネコ運輸」 is marked in the name, not in the subject.
    expect(one(root, byClass('lesson-mail__from-name')).children.filter(isTag).map((element) => element.attribs.id)).toEqual(['flag-2']);
    expect(text(one(root, byClass('lesson-mail__from-address')))).toBe('<3no-reply@yamaneko-unyu-delivery.example>');
    expect(marks(root).map((mark) => mark.id)).toEqual(['flag-2', 'flag-3', 'flag-1']);
  });

  it('matches excerpts as the template check does: any white space run, and a variable standing for its filled value', () => {
    const root = parse(
      renderLessonPage(
        lesson({
          mail: { ...deliveryMail, html: '<p>山田 太郎 様</p>\n<p>お荷物をお届けにあがりましたが、\n    ご不在のため持ち帰りました。</p>' },
          redFlags: [
            { label: '宛名', explanation: '', excerpt: '{{name}} 様' },
            { label: '改行をまたぐ文言', explanation: '', excerpt: '  お届けにあがりましたが、 ご不在のため ' },
          ],
        }),
      ),
    );
    expect(all(root, byClass('lesson-mail__text'))).toEqual([]);
    expect(marks(root).map((mark) => mark.words)).toEqual(['山田 太郎 様', 'お届けにあがりましたが、\n    ご不在のため']);
  });

  it('falls back to the text part, escaped and with its line breaks, when an excerpt spans a tag of the HTML', () => {
    const mail = { ...deliveryMail, text: `${deliveryMail.text}\n<b>太字ではありません</b>` };
    const spanning = { label: '持ち帰りと期限', explanation: '', excerpt: '持ち帰りました。 本日中に' };
    const page = renderLessonPage(lesson({ mail, redFlags: [deliveryFlags[0]!, spanning, deliveryFlags[2]!] }));
    const root = parse(page);
    const textBody = one(root, byClass('lesson-mail__text'));
    expect(text(textBody)).toContain('ご不在のため2持ち帰りました。\n本日中に再配達');
    expect(text(textBody)).toContain('<b>太字ではありません</b>');
    expect(page).toContain('&lt;b&gt;太字ではありません&lt;/b&gt;');
    expect(marks(root).map((mark) => mark.words)).toEqual(['yamaneko-unyu-delivery.example', '持ち帰りました。\n本日中に', 'yamaneko-unyu.redelivery-check.example']);
    expect(all(root, byClass('lesson-mail__link'))).toEqual([]);
  });

  it('keeps the HTML part when every excerpt is found in it, and lists an excerpt found nowhere without a mark', () => {
    const root = parse(renderLessonPage(lesson({ redFlags: [...deliveryFlags, { label: 'どこにもない', explanation: '', excerpt: '存在しない文言' }] })));
    expect(all(root, byClass('lesson-mail__text'))).toEqual([]);
    expect(marks(root)).toHaveLength(3);
    const last = all(root, byClass('lesson-point'))[3] as Element;
    expect(text(last)).toContain('該当箇所：「存在しない文言」');
    expect(DomUtils.findOne(byClass('lesson-point__jump'), [last])).toBeNull();
  });

  it('neutralises the mail: no link target, no style, no script, hidden parts and unsafe images removed', () => {
    const html = `<p style="color:red">お知らせ <a href="https://evil.example/x" target="_blank">こちらから確認</a></p>
<a href="https://track.example/h/tok" style="display:none">罠のリンク</a>
<img src="https://images.example/logo.png" alt="ロゴ" width="120" style="border:0">
<img src="http://images.example/plain.png" alt="平文"><img src="javascript:alert(1)" alt="js">
<img src="https://track.example/o/tok.gif" width="1" height="1" alt="">
<script>alert(1)</script><p onclick="alert(1)">本文</p><form action="https://evil.example"><input name="x"></form><!-- comment -->`;
    const page = renderLessonPage(lesson({ mail: { ...deliveryMail, html }, redFlags: [{ label: 'リンク', explanation: '', excerpt: 'こちらから確認' }] }));
    const root = parse(page);
    const body = one(root, byClass('lesson-mail__body'));
    const inBody = (test: (element: Element) => boolean) => DomUtils.findAll(test, [body]);
    expect(inBody((element) => element.name === 'a' || 'href' in element.attribs)).toEqual([]);
    const link = one(root, byClass('lesson-mail__link'));
    expect(text(link)).toBe('1こちらから確認リンク無効');
    expect(text(body)).not.toContain('罠のリンク');
    expect(inBody((element) => element.name === 'img').map((image) => image.attribs.src)).toEqual(['https://images.example/logo.png']);
    expect(inBody((element) => ['script', 'form', 'input'].includes(element.name))).toEqual([]);
    expect(page).not.toContain('alert(1)');
    expect(page).not.toContain('comment');
    expectCspClean(page);
  });

  it('escapes every value it is given (company name, sender, subject, flags, beacon address)', () => {
    const attack = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const page = renderLessonPage(
      lesson({
        audience: { kind: 'company', companyName: `${attack}株式会社` },
        mail: { ...deliveryMail, fromName: `${attack}運輸`, subject: `件名${attack}`, text: attack, html: '<p>&lt;script&gt;本文&lt;/script&gt;</p>' },
        redFlags: [{ label: attack, explanation: attack, excerpt: '<script>本文</script>' }],
        beaconUrl: '/t/"><script>alert(1)</script>',
        submitted: true,
      }),
    );
    expect(page).not.toMatch(/<script>|<img src=x/);
    const root = parse(page);
    expect(text(one(root, (element) => element.name === 'h1'))).toBe(`これは${attack}株式会社が実施している標的型メール訓練です`);
    expect(text(one(root, (element) => element.name === 'title'))).toContain(`${attack}株式会社`);
    expect(text(one(root, byClass('lesson-mail__from-name')))).toBe(`${attack}運輸`);
    expect(one(root, (element) => element.name === 'body').attribs['data-beacon-url']).toBe('/t/"><script>alert(1)</script>');
    expect(marks(root)).toEqual([{ id: 'flag-1', badge: '1', words: '<script>本文</script>' }]);
    expect(text(one(root, byClass('lesson-notice')))).toContain('入力された内容は送信・保存されていません');
    expectCspClean(page);
  });

  it('loads only the site tokens, its own CSS and beacon script, versioned by their content, and tells the script where to post', () => {
    const root = parse(renderLessonPage(lesson({ assetBase: '/lesson-assets/' })));
    const assets = lessonAssets();
    expect(Object.keys(assets).sort()).toEqual(['lesson-beacon.js', 'lesson.css', 'tokens.css']);
    expect(assets['lesson.css']?.contentType).toBe('text/css; charset=utf-8');
    // The site's own tokens file, not a copy: the page's colours stay the site's.
    expect(assets['tokens.css']?.body).toBe(readFileSync(new URL('../../../web/styles/tokens.css', import.meta.url), 'utf8'));
    expect(assets['lesson-beacon.js']?.body).toContain('dataset.beaconUrl');
    expect(all(root, (element) => element.name === 'link').map((link) => link.attribs.href)).toEqual([
      expect.stringMatching(/^\/lesson-assets\/tokens\.css\?v=[0-9a-f]{12}$/),
      expect.stringMatching(/^\/lesson-assets\/lesson\.css\?v=[0-9a-f]{12}$/),
    ]);
    expect(one(root, (element) => element.name === 'script').attribs.src).toMatch(/^\/lesson-assets\/lesson-beacon\.js\?v=[0-9a-f]{12}$/);
    expect(one(root, (element) => element.name === 'body').attribs['data-beacon-url']).toBe('/t/tok/seen');
  });
});

describe('lookalike sign-in form', () => {
  it('posts to the action with inputs that have no name, so the browser sends an empty body', () => {
    const page = renderLoginLookalike({ brandName: 'ヤマネコ運輸', actionUrl: '/t/tok/entered', assetBase: '/lesson-assets', beaconUrl: '/t/tok/seen' });
    const root = parse(page);
    const form = one(root, (element) => element.name === 'form');
    expect(form.attribs).toMatchObject({ method: 'post', action: '/t/tok/entered' });
    const controls = DomUtils.findAll((element) => ['input', 'select', 'textarea', 'button'].includes(element.name), [form]);
    expect(controls.map((control) => control.attribs.type)).toEqual(['text', 'password', 'submit']);
    for (const control of controls) expect(control.attribs).not.toHaveProperty('name');
    const labels = all(root, (element) => element.name === 'label');
    expect(labels.map(text)).toEqual(['ID またはメールアドレス', 'パスワード']);
    expect(labels.map((label) => label.attribs.for)).toEqual(controls.slice(0, 2).map((control) => control.attribs.id));
    expect(text(one(root, (element) => element.name === 'h1'))).toBe('ログイン');
    expect(text(one(root, byClass('lookalike__brand')))).toContain('ヤマネコ運輸');
    expect(one(root, (element) => element.name === 'body').attribs['data-beacon-url']).toBe('/t/tok/seen');
    expectCspClean(page);
  });

  it('escapes the brand and the action', () => {
    const page = renderLoginLookalike({ brandName: '<b>偽</b>', actionUrl: '/t/"onmouseover="x', assetBase: '/a', beaconUrl: '/b' });
    expect(page).not.toContain('<b>偽</b>');
    expect(one(parse(page), (element) => element.name === 'form').attribs.action).toBe('/t/"onmouseover="x');
  });
});

describe('unknown or expired link', () => {
  it('answers a calm Japanese page without a script', () => {
    const page = renderLessonNotFound();
    const root = parse(page);
    expect(one(root, (element) => element.name === 'html').attribs.lang).toBe('ja');
    expect(text(one(root, (element) => element.name === 'h1'))).toBe('ページが見つかりません');
    expect(text(one(root, (element) => element.name === 'main'))).toContain('有効期限が切れている可能性があります');
    expect(all(root, (element) => element.name === 'script')).toEqual([]);
    expect(all(root, (element) => element.name === 'link').map((link) => link.attribs.href)).toEqual([
      expect.stringMatching(/^\/lesson-assets\/tokens\.css\?v=/),
      expect.stringMatching(/^\/lesson-assets\/lesson\.css\?v=/),
    ]);
    expectCspClean(page);
  });
});
