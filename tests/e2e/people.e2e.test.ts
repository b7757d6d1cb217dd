import path from 'node:path';
import Database from 'better-sqlite3';
import iconv from 'iconv-lite';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { domainMessages, peopleMessages as m } from '../../src/common/messages';
import { ENTERPRISE_PLAN_ID, FREE_PLAN } from '../../src/common/plans';
import { trainingPaths } from '../../src/common/training-routes';
import { checkScreen } from './support/axe';
import { DESKTOP, downloadedBytes, PHONE } from './support/browser';
import { viewportName } from './support/e2e';
import { eventually } from './support/eventually';
import { type CreatedAccount, useTrainingEnvironment } from './support/training-env';
import { appFrame, fieldError, horizontalOverflow, storeToken, waitForPath } from './support/training-pages';

/**
 * /users (issue 10 part 1) in a real browser against the real server: people added, edited and
 * deleted by hand, a Shift_JIS CSV as Excel saves it (one bad row) previewed then imported,
 * groups, the export download and the free-plan cap, at phone and desktop width.
 */
const { env, accounts } = await useTrainingEnvironment();

const VIEWPORTS = [
  { name: viewportName(PHONE), viewport: PHONE },
  { name: viewportName(DESKTOP), viewport: DESKTOP },
];

/** `^label\s*必須$`: the accessible name of a required field's control (labels carry a 必須 badge). */
const required = (label: string): RegExp => new RegExp(`^${label}\\s*必須$`);

function peoplePage(page: Page) {
  const list = page.getByRole('region', { name: '受講者一覧' });
  const groups = page.getByRole('region', { name: 'グループ', exact: true });
  return {
    heading: page.getByRole('heading', { level: 1, name: 'ユーザー管理' }),
    add: page.getByRole('button', { name: '受講者を追加', exact: true }).first(),
    importButton: page.getByRole('button', { name: 'CSVから取り込む', exact: true }),
    exportButton: page.getByRole('button', { name: 'CSVに書き出す', exact: true }),
    usage: page.getByTestId('people-usage'),
    usageRegion: page.getByRole('region', { name: '登録人数' }),
    notice: (text: string) => page.getByRole('status').filter({ hasText: text }),
    list,
    /** The row (table) or card (phone) of one person, found by the address. */
    row: (email: string) => list.getByRole('row').filter({ hasText: email }),
    search: page.getByRole('searchbox', { name: 'キーワード' }),
    groupFilter: page.getByRole('combobox', { name: 'グループ' }),
    groups,
    dialog: page.getByRole('dialog'),
  };
}

function personDialog(page: Page) {
  const dialog = page.getByRole('dialog');
  return {
    dialog,
    name: dialog.getByRole('textbox', { name: required('氏名') }),
    email: dialog.getByRole('textbox', { name: required('メールアドレス') }),
    department: dialog.getByRole('textbox', { name: /^部署/ }),
    group: (name: string) => dialog.getByRole('checkbox', { name }),
    save: dialog.getByRole('button', { name: /^(登録する|変更を保存)$/ }),
  };
}

/** Signs a new tenant up through the API and opens /users signed in as its administrator. */
async function openPeople(label: string, viewport: { width: number; height: number }): Promise<{ page: Page; account: CreatedAccount; domain: string }> {
  const account = await accounts.newCorporateAccount(`${label}-${viewport.width}`);
  const token = await accounts.login(account.email, account.password);
  const { page } = await env.open(viewport);
  await storeToken(page, token);
  await page.goto(trainingPaths.users);
  await waitForPath(page, trainingPaths.users);
  await peoplePage(page).heading.waitFor();
  await appFrame(page).menu.waitFor();
  // The administrator's own (confirmed, non-free-mail) domain is the tenant's first sending domain.
  return { page, account, domain: account.email.split('@')[1] ?? '' };
}

/** CSV text as Excel for Japanese Windows saves it: CP932 (Shift_JIS) with CRLF line ends. */
function shiftJisCsv(lines: string[]): Buffer {
  return iconv.encode(`${lines.join('\r\n')}\r\n`, 'Shift_JIS');
}

/** The enterprise plan (no fixed cap), straight in the server's SQLite file: operators set it up after a quote, no API sells it. */
function upgradeTenantOf(email: string): void {
  const db = new Database(path.join(env.server.dataDir, 'kizuki.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const changed = db.prepare('update tenants set plan = ? where id = (select tenant_id from users where email = ?)').run(ENTERPRISE_PLAN_ID, email).changes;
    if (changed !== 1) throw new Error(`no tenant for ${email}`);
  } finally {
    db.close();
  }
}

/** Opens the import dialog (unless open), chooses the file and asks for the preview. */
async function importCsv(page: Page, name: string, content: Buffer): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'CSVファイルから取り込む' });
  if ((await dialog.count()) === 0) await peoplePage(page).importButton.click();
  await dialog.waitFor();
  await dialog.getByLabel('CSVファイル').setInputFiles({ name, mimeType: 'text/csv', buffer: content });
  await dialog.getByRole('button', { name: '内容を確認する', exact: true }).click();
}

async function createGroup(page: Page, groupName: string): Promise<void> {
  await peoplePage(page).groups.getByRole('button', { name: 'グループを作成' }).click();
  const dialog = page.getByRole('dialog', { name: 'グループの作成' });
  await dialog.getByRole('textbox', { name: required('グループ名') }).fill(groupName);
  await dialog.getByRole('button', { name: '作成する', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function addPerson(page: Page, person: { name: string; email: string; department?: string; groups?: string[] }): Promise<void> {
  const people = peoplePage(page);
  await people.add.click();
  const form = personDialog(page);
  await form.dialog.waitFor();
  await form.name.fill(person.name);
  await form.email.fill(person.email);
  if (person.department) await form.department.fill(person.department);
  for (const group of person.groups ?? []) await form.group(group).check();
  await form.save.click();
  await form.dialog.waitFor({ state: 'detached' });
  await people.row(person.email).waitFor();
}

describe.each(VIEWPORTS)('/users ($name)', ({ name, viewport }) => {
  it('adds, edits and deletes a person by hand', async () => {
    const { page, domain } = await openPeople('people-crud', viewport);
    const people = peoplePage(page);
    await people.list.getByText('まだ受講者が登録されていません', { exact: true }).waitFor();
    expect(await people.usage.innerText()).toBe(`0 / ${FREE_PLAN.maxPeople}名`);
    expect(await horizontalOverflow(page)).toBe(0);
    await checkScreen(page, `people-empty-${name}`);

    await people.add.click();
    const form = personDialog(page);
    await form.dialog.waitFor();
    // Client checks first: nothing typed.
    await form.save.click();
    await eventually(() => fieldError(form.name)).toBe(m.nameRequired);
    expect(await fieldError(form.email)).toBe(m.emailRequired);

    const email = `yamada@${domain}`;
    await form.name.fill('山田 太郎');
    await form.email.fill(email);
    await form.department.fill('営業部');
    await checkScreen(page, `people-add-dialog-${name}`, { fullPage: false });
    await form.save.click();
    await form.dialog.waitFor({ state: 'detached' });
    await people.notice(m.created).waitFor();
    const row = people.row(email);
    await row.waitFor();
    expect(await row.innerText()).toContain('山田 太郎');
    expect(await row.innerText()).toContain('営業部');
    await eventually(() => people.usage.innerText()).toBe(`1 / ${FREE_PLAN.maxPeople}名`);

    // The same address again: the server's 422 lands under the address field.
    await people.add.click();
    await form.dialog.waitFor();
    await form.name.fill('山田 花子');
    await form.email.fill(email.toUpperCase());
    await form.save.click();
    await eventually(() => fieldError(form.email)).toBe(m.emailTaken);
    await eventually(() => form.email.evaluate((element) => element === document.activeElement)).toBe(true);
    await checkScreen(page, `people-add-duplicate-${name}`, { fullPage: false });
    // An address at a domain the tenant has not verified: refused under the field, with how to verify it.
    await form.email.fill('hanako@other-company.example');
    await form.save.click();
    await eventually(() => fieldError(form.email)).toBe(domainMessages.unverifiedDomain('other-company.example'));
    // Esc closes the dialog without saving, and focus goes back to the button that opened it.
    await page.keyboard.press('Escape');
    await form.dialog.waitFor({ state: 'detached' });
    await eventually(() => people.add.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await people.list.getByRole('row').filter({ hasText: 'hanako@' }).count()).toBe(0);

    // Edit.
    await row.getByRole('button', { name: '山田 太郎さんを編集' }).click();
    await page.getByRole('dialog', { name: '受講者の編集' }).waitFor();
    expect(await form.email.inputValue()).toBe(email);
    await form.name.fill('山田 太郎（営業）');
    await form.department.fill('第二営業部');
    await form.save.click();
    await form.dialog.waitFor({ state: 'detached' });
    await people.notice(m.updated).waitFor();
    await eventually(() => row.innerText()).toContain('第二営業部');
    expect(await row.innerText()).toContain('山田 太郎（営業）');

    // Delete, after a confirmation that names the person; cancelling first keeps them.
    await row.getByRole('button', { name: /さんを削除$/ }).click();
    const confirm = page.getByRole('dialog', { name: '受講者の削除' });
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain(email);
    await checkScreen(page, `people-delete-confirm-${name}`, { fullPage: false });
    await confirm.getByRole('button', { name: 'キャンセル', exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await row.count()).toBe(1);
    await row.getByRole('button', { name: /さんを削除$/ }).click();
    await confirm.getByRole('button', { name: '削除する', exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    await people.notice(m.deleted).waitFor();
    await eventually(() => row.count()).toBe(0);
    await eventually(() => people.usage.innerText()).toBe(`0 / ${FREE_PLAN.maxPeople}名`);
  });

  it('previews a Shift_JIS CSV with one bad row and imports the rest', async () => {
    const { page, domain } = await openPeople('people-import', viewport);
    const people = peoplePage(page);
    const csv = shiftJisCsv([
      '氏名,メールアドレス,部署',
      `佐藤 一郎,sato@${domain},総務部`,
      `鈴木 花子,suzuki@${domain},営業部`,
      '髙橋 健太,takahashi-at-example,営業部',
      `田中 美咲,tanaka@${domain},`,
    ]);
    // Really Shift_JIS: the UTF-8 reading of these bytes is not the text.
    expect(csv.toString('utf8')).not.toContain('佐藤');

    // First a file without an address column: the whole file is refused, with what to fix.
    await importCsv(page, '旧名簿.csv', shiftJisCsv(['社員番号,氏名', '1001,佐藤 一郎']));
    const chooser = page.getByRole('dialog', { name: 'CSVファイルから取り込む' });
    const refusal = chooser.getByRole('alert').filter({ hasText: '取り込めませんでした' });
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain('メールアドレス');
    await checkScreen(page, `people-import-refused-${name}`, { fullPage: false });

    await importCsv(page, '社員名簿.csv', csv);

    const preview = page.getByRole('dialog', { name: '取り込む内容の確認' });
    await preview.waitFor();
    const badRow = preview.getByRole('row').filter({ hasText: 'takahashi-at-example' });
    await badRow.waitFor();
    const badText = await badRow.innerText();
    expect(badText).toContain('4'); // line 4 of the file, the header being line 1
    expect(badText).toContain('エラー');
    expect(badText).toContain('髙橋 健太');
    expect(badText).toContain(m.emailInvalid);
    expect(await preview.getByRole('row').filter({ hasText: `sato@${domain}` }).innerText()).toContain('新規');
    expect(await preview.getByRole('list', { name: '確認結果の内訳' }).innerText()).toMatch(/新規\s*3\s*件[\s\S]*エラー\s*1\s*件/);
    await badRow.scrollIntoViewIfNeeded();
    await checkScreen(page, `people-import-preview-${name}`, { fullPage: false });
    // Nothing is registered by the preview.
    expect(await people.usage.innerText()).toBe(`0 / ${FREE_PLAN.maxPeople}名`);

    await preview.getByRole('button', { name: '3件を取り込む', exact: true }).click();
    const done = page.getByRole('dialog', { name: '取り込みが完了しました' });
    await done.waitFor();
    expect(await done.innerText()).toContain(m.imported(3, 0));
    await checkScreen(page, `people-import-done-${name}`, { fullPage: false });
    await done.getByRole('button', { name: '閉じる', exact: true }).click();
    await done.waitFor({ state: 'detached' });
    await eventually(() => people.usage.innerText()).toBe(`3 / ${FREE_PLAN.maxPeople}名`);
    await people.row(`suzuki@${domain}`).waitFor();
    expect(await people.row('takahashi-at-example').count()).toBe(0);
    // The department column made groups.
    await people.groups.getByRole('button', { name: /^営業部\s*1名/ }).waitFor();
    await people.groups.getByRole('button', { name: /^総務部\s*1名/ }).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await checkScreen(page, `people-imported-${name}`);
  });

  it('manages groups, assigns a person to several, filters, searches and exports', async () => {
    const { page, domain } = await openPeople('people-groups', viewport);
    const people = peoplePage(page);
    await people.list.getByText('まだ受講者が登録されていません', { exact: true }).waitFor();
    for (const group of ['営業部', '総務部']) await createGroup(page, group);
    await addPerson(page, { name: '佐藤 一郎', email: `sato@${domain}`, department: '総務部', groups: ['総務部'] });
    await addPerson(page, { name: '鈴木 花子', email: `suzuki@${domain}`, department: '営業部', groups: ['営業部'] });
    await addPerson(page, { name: '田中 美咲', email: `tanaka@${domain}` });

    // A new group, and a person in two groups at once.
    await createGroup(page, '東京オフィス');
    await people.groups.getByRole('button', { name: /^東京オフィス\s*0名/ }).waitFor();

    const suzuki = people.row(`suzuki@${domain}`);
    await suzuki.getByRole('button', { name: /さんを編集$/ }).click();
    const form = personDialog(page);
    await form.dialog.waitFor();
    expect(await form.group('営業部').isChecked()).toBe(true);
    await form.group('東京オフィス').check();
    await form.save.click();
    await form.dialog.waitFor({ state: 'detached' });
    await eventually(() => suzuki.getByRole('listitem').allInnerTexts()).toEqual(expect.arrayContaining(['営業部', '東京オフィス']));
    await people.groups.getByRole('button', { name: /^東京オフィス\s*1名/ }).waitFor();

    // Filter by group, then search by department.
    await people.groupFilter.selectOption({ label: '東京オフィス（1名）' });
    await eventually(() => people.list.getByRole('row').filter({ hasText: '@' }).count()).toBe(1);
    await people.groupFilter.selectOption({ label: 'すべてのグループ' });
    await people.search.fill('総務');
    await eventually(() => people.list.getByRole('row').filter({ hasText: '@' + domain }).allInnerTexts()).toEqual([expect.stringContaining(`sato@${domain}`)]);
    await people.search.fill('該当なしの検索語');
    const noMatch = people.list.getByRole('status').filter({ hasText: '条件に一致する受講者はいません' });
    await noMatch.waitFor();
    await checkScreen(page, `people-no-match-${name}`);
    await noMatch.getByRole('button', { name: '条件をクリア', exact: true }).click();
    await eventually(() => people.list.getByRole('row').filter({ hasText: '@' + domain }).count()).toBe(3);
    expect(await people.search.inputValue()).toBe('');
    expect(await horizontalOverflow(page)).toBe(0);
    await checkScreen(page, `people-list-${name}`);

    // Rename a group, then delete it: its people stay.
    await people.groups.getByRole('button', { name: '東京オフィスの名前を変更' }).click();
    const rename = page.getByRole('dialog', { name: 'グループ名の変更' });
    await rename.getByRole('textbox', { name: required('グループ名') }).fill('東京本社');
    await rename.getByRole('button', { name: '変更を保存', exact: true }).click();
    await rename.waitFor({ state: 'detached' });
    await eventually(() => suzuki.innerText()).toContain('東京本社');
    await people.groups.getByRole('button', { name: '東京本社を削除' }).click();
    const confirm = page.getByRole('dialog', { name: 'グループの削除' });
    expect(await confirm.innerText()).toContain('削除されず');
    await confirm.getByRole('button', { name: '削除する', exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    await eventually(() => suzuki.innerText()).not.toContain('東京本社');
    expect(await people.usage.innerText()).toBe(`3 / ${FREE_PLAN.maxPeople}名`);

    // Export: a real download, UTF-8 with BOM for Excel, with the people in it.
    const download = page.waitForEvent('download');
    await people.exportButton.click();
    const file = await download;
    const content = await downloadedBytes(file);
    expect([...content.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = content.toString('utf8');
    for (const address of [`sato@${domain}`, `suzuki@${domain}`, `tanaka@${domain}`]) expect(text).toContain(address);
    expect(text).toContain('鈴木 花子');
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
  });

  it('pages through more people than fit on one page (a plan without a cap, a UTF-8 CSV with BOM)', async () => {
    const { page, account, domain } = await openPeople('people-pages', viewport);
    upgradeTenantOf(account.email);
    const people = peoplePage(page);
    const rows = Array.from({ length: 25 }, (_, index) => `社員 ${String(index + 1).padStart(2, '0')},staff${index + 1}@${domain},品質保証部`);
    // Excel's "CSV UTF-8" has a BOM, and a header in English is accepted as well.
    const bad = '社員 99,staff99-at-example,品質保証部';
    await importCsv(page, 'staff.csv', Buffer.from(`\uFEFFname,email,department\n${[...rows.slice(0, 12), bad, ...rows.slice(12)].join('\n')}\n`, 'utf8'));
    const preview = page.getByRole('dialog', { name: '取り込む内容の確認' });
    // In a long preview the bad rows can be shown alone.
    await preview.getByRole('checkbox', { name: 'エラーの行だけを表示' }).check();
    await eventually(() => preview.getByRole('row').filter({ hasText: '@' }).count()).toBe(0);
    expect(await preview.getByRole('row').filter({ hasText: 'staff99-at-example' }).innerText()).toContain('14');
    await preview.getByRole('checkbox', { name: 'エラーの行だけを表示' }).uncheck();
    await preview.getByRole('button', { name: '25件を取り込む', exact: true }).click();
    const done = page.getByRole('dialog', { name: '取り込みが完了しました' });
    await done.getByRole('button', { name: '閉じる', exact: true }).click();
    await done.waitFor({ state: 'detached' });

    await eventually(() => people.usage.innerText()).toBe('25名');
    const pager = people.list.getByRole('navigation', { name: 'ページ送り' });
    await eventually(() => pager.innerText()).toContain('1件目 - 20件目 （全25件中）');
    const personRows = people.list.getByRole('row').filter({ hasText: '@' + domain });
    expect(await personRows.count()).toBe(20);
    await pager.getByRole('button', { name: /次へ/ }).click();
    await eventually(() => pager.innerText()).toContain('21件目 - 25件目 （全25件中）');
    expect(await personRows.count()).toBe(5);
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    await checkScreen(page, `people-page2-${name}`);
    // The page is in the address: a reload stays on it, the back button returns to the first.
    await page.reload();
    await eventually(() => pager.innerText()).toContain('21件目 - 25件目');
    await page.goBack();
    await eventually(() => pager.innerText()).toContain('1件目 - 20件目');
  });

  it('shows the free-plan cap and refuses the eleventh person', async () => {
    const { page, domain } = await openPeople('people-cap', viewport);
    const people = peoplePage(page);
    const rows = Array.from({ length: FREE_PLAN.maxPeople }, (_, index) => `受講者 ${index + 1},person${index + 1}@${domain},開発部`);
    await importCsv(page, 'members.csv', shiftJisCsv(['name,email,department', ...rows]));
    const preview = page.getByRole('dialog', { name: '取り込む内容の確認' });
    await preview.getByRole('button', { name: `${FREE_PLAN.maxPeople}件を取り込む`, exact: true }).click();
    const done = page.getByRole('dialog', { name: '取り込みが完了しました' });
    await done.getByRole('button', { name: '閉じる', exact: true }).click();
    await done.waitFor({ state: 'detached' });

    await eventually(() => people.usage.innerText()).toBe(`${FREE_PLAN.maxPeople} / ${FREE_PLAN.maxPeople}名`);
    expect(await people.usageRegion.getByRole('link', { name: '有料プランへのアップグレード' }).getAttribute('href')).toBe('/account/upgrade');
    // All ten fit on the first page (20 a page).
    expect(await people.list.getByRole('row').filter({ hasText: '@' + domain }).count()).toBe(FREE_PLAN.maxPeople);
    await checkScreen(page, `people-full-${name}`);

    await people.add.click();
    const form = personDialog(page);
    await form.dialog.getByText('登録人数が上限に達しています').waitFor();
    await form.name.fill('追加 できない');
    await form.email.fill(`eleventh@${domain}`);
    await form.save.click();
    await form.dialog.getByRole('alert').filter({ hasText: m.planLimitReached(FREE_PLAN.maxPeople, 0) }).waitFor();
    await checkScreen(page, `people-full-refused-${name}`, { fullPage: false });
  });
});
