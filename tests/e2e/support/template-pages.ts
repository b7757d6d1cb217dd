import type { Page } from 'playwright-core';

/**
 * Accessible locators for the template screens (issue 10 part 3): the library, a template's page
 * and the editor, by role and the Japanese wording an administrator reads.
 */
const required = (label: string): RegExp => new RegExp(`^${label.replace(/[()（）@]/g, '\\$&')}\\s*必須$`);

export function templateLibrary(page: Page) {
  const filters = page.getByRole('search', { name: 'テンプレートの絞り込み' });
  return {
    heading: page.getByRole('heading', { level: 1, name: 'テンプレート一覧' }),
    filters,
    theme: filters.getByRole('combobox', { name: 'テーマ' }),
    difficulty: (label: string) => filters.getByRole('group', { name: '難易度' }).getByRole('button', { name: new RegExp(`${label}$`) }),
    source: (label: string) => filters.getByRole('group', { name: '種類' }).getByRole('button', { name: label, exact: true }),
    keyword: filters.getByRole('searchbox', { name: 'キーワード' }),
    search: filters.getByRole('button', { name: '検索', exact: true }),
    cards: page.locator('.tpl-grid > li.tpl-card'),
    card: (name: string) => page.getByRole('link', { name, exact: true }),
    empty: page.getByRole('status').filter({ hasText: '条件に合うテンプレートはありません' }),
    pages: page.getByRole('navigation', { name: 'ページ送り' }),
    create: page.getByRole('link', { name: 'テンプレートを作成', exact: true }),
  };
}

export function templatePage(page: Page) {
  const preview = page.getByRole('region', { name: '受信時の見え方' });
  return {
    preview,
    device: (label: 'パソコン' | 'スマートフォン') => preview.getByRole('button', { name: label, exact: true }),
    frame: preview.locator('iframe'),
    from: preview.getByTestId('preview-from'),
    subject: preview.getByTestId('preview-subject'),
    flags: page.getByRole('region', { name: /^見分けるポイント/ }).getByRole('listitem'),
    duplicate: page.getByRole('button', { name: '複製して編集', exact: true }),
    testSend: page.getByRole('button', { name: 'テスト送信', exact: true }),
    edit: page.getByRole('link', { name: '編集', exact: true }),
    delete: page.getByRole('button', { name: '削除', exact: true }),
    sent: page.getByRole('status').filter({ hasText: 'テストメールを送信しました' }),
  };
}

export function templateEditor(page: Page) {
  return {
    name: page.getByRole('textbox', { name: required('テンプレート名') }),
    subject: page.getByRole('textbox', { name: required('件名') }),
    htmlBody: page.getByRole('textbox', { name: required('本文（HTML）') }),
    textBody: page.getByRole('textbox', { name: required('本文（テキスト）') }),
    variable: (name: string) => page.getByRole('button', { name: new RegExp(`\\{\\{${name}\\}\\}`) }),
    addFlag: page.getByRole('button', { name: '＋ ポイントを追加', exact: true }),
    flagItems: page.getByRole('listitem').filter({ has: page.getByText(/^ポイント \d+$/) }),
    flagLabel: (index: number) => page.getByRole('listitem', { name: `ポイント ${index}` }).getByRole('textbox', { name: required('見出し') }),
    flagExplanation: (index: number) => page.getByRole('listitem', { name: `ポイント ${index}` }).getByRole('textbox', { name: /^解説/ }),
    moveUp: (index: number) => page.getByRole('button', { name: `ポイント ${index} を上へ移動` }),
    preview: page.getByRole('complementary', { name: 'ライブプレビュー' }),
    save: page.getByRole('button', { name: /^(変更を保存|テンプレートを作成)$/ }),
  };
}
