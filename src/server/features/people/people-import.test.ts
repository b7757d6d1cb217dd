import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainMessages, peopleMessages } from '../../../common/messages';
import { PEOPLE_IMPORT_MAX_ROWS } from '../../../common/people.schema';
import { callApi, createAccount, type FactoryAccount } from '../../test/account-factories';
import { multipartPayload } from '../../test/report-factories';
import { createTestApp, type TestContext, withCsrf } from '../../test/test-app';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(() => context.close());

const shiftJis = (lines: string[]) => iconv.encode(`${lines.join('\r\n')}\r\n`, 'cp932');
const utf8Bom = (lines: string[]) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8')]);

async function upload(account: FactoryAccount, file: Buffer | null, options: { dryRun?: boolean; filename?: string } = {}) {
  const fields: Record<string, string> = options.dryRun ? { dry_run: '1' } : {};
  const { payload, headers } = await multipartPayload(fields, file ? { field: 'file', content: file, filename: options.filename ?? 'people.csv', type: 'text/csv' } : undefined);
  return context.app.inject(withCsrf(context, { method: 'POST', url: '/api/users/import', payload, headers: { ...headers, authorization: `Bearer ${account.token}` } }));
}

const list = async (account: FactoryAccount, query = 'limit=100') => (await callApi(context, { method: 'GET', url: `/api/users?${query}`, token: account.token })).json().data;
const groups = async (account: FactoryAccount) => (await callApi(context, { method: 'GET', url: '/api/groups', token: account.token })).json().data.groups;

describe('CSV import', () => {
  it('previews then applies a Shift_JIS file as Excel saves it (CP932 characters included)', async () => {
    const account = await createAccount(context);
    const file = shiftJis(['氏名,メールアドレス,部署', '髙橋 一郎,takahashi@example.co.jp,営業部', '渡邉 ①子,watanabe@example.co.jp,総務部', '山﨑 太郎,yamazaki@example.co.jp,営業部']);
    // The bytes really are Shift_JIS: not valid UTF-8.
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(file)).toThrow();

    const preview = await upload(account, file, { dryRun: true });
    expect(preview.statusCode, preview.body).toBe(200);
    const data = preview.json().data;
    expect(data).toMatchObject({ dry_run: true, encoding: 'shift_jis', summary: { new: 3, updated: 0, error: 0 }, limit_message: null, message: null });
    expect(data.rows).toEqual([
      { row: 2, status: 'new', name: '髙橋 一郎', email: 'takahashi@example.co.jp', department: '営業部', errors: [] },
      { row: 3, status: 'new', name: '渡邉 ①子', email: 'watanabe@example.co.jp', department: '総務部', errors: [] },
      { row: 4, status: 'new', name: '山﨑 太郎', email: 'yamazaki@example.co.jp', department: '営業部', errors: [] },
    ]);
    expect((await list(account)).users).toEqual([]);
    // The preview can also be asked for in the query string.
    const { payload, headers } = await multipartPayload({}, { field: 'file', content: file, filename: 'people.csv', type: 'text/csv' });
    const queried = await context.app.inject(withCsrf(context, { method: 'POST', url: '/api/users/import?dry_run=1', payload, headers: { ...headers, authorization: `Bearer ${account.token}` } }));
    expect(queried.json().data).toMatchObject({ dry_run: true, summary: { new: 3 } });
    expect((await list(account)).users).toEqual([]);

    const applied = (await upload(account, file)).json().data;
    expect(applied).toMatchObject({ dry_run: false, summary: { new: 3, updated: 0, error: 0 }, created_groups: ['営業部', '総務部'], message: peopleMessages.imported(3, 0) });
    const people = (await list(account)).users;
    expect(people.map((person: { name: string }) => person.name).sort()).toEqual(['山﨑 太郎', '渡邉 ①子', '髙橋 一郎'].sort());
    expect(people.find((person: { email: string }) => person.email === 'yamazaki@example.co.jp').groups).toEqual([{ group_id: expect.any(Number), name: '営業部' }]);
    expect((await groups(account)).map((group: { name: string; member_count: number }) => [group.name, group.member_count]).sort()).toEqual([['営業部', 2], ['総務部', 1]]);
  });

  it('reads UTF-8 with a BOM, English or variant headers in any order, and updates registered addresses instead of duplicating', async () => {
    const account = await createAccount(context);
    await upload(account, utf8Bom(['氏名,メールアドレス,部署', '中村 花子,nakamura@example.co.jp,開発部']));
    const file = utf8Bom([' Department , Ｅ-Mail ,ＮＡＭＥ（必須）', '総務部,NAKAMURA@example.co.jp,中村 花子', 'マーケティング部,kobayashi@example.co.jp,"小林, ""コバ"" 次郎"']);
    const result = (await upload(account, file)).json().data;
    expect(result).toMatchObject({ encoding: 'utf-8', summary: { new: 1, updated: 1, error: 0 }, created_groups: ['総務部', 'マーケティング部'] });
    expect(result.rows.map((row: { status: string }) => row.status)).toEqual(['updated', 'new']);
    const people = (await list(account)).users;
    expect(people).toHaveLength(2);
    const nakamura = people.find((person: { name: string }) => person.name === '中村 花子');
    // Moved department: the old department's group is left, the new one joined.
    expect(nakamura).toMatchObject({ email: 'NAKAMURA@example.co.jp', department: '総務部', groups: [{ group_id: expect.any(Number), name: '総務部' }] });
    expect(people.find((person: { email: string }) => person.email === 'kobayashi@example.co.jp').name).toBe('小林, "コバ" 次郎');
    // Groups are reused by normalised name: 開発部 between full-width spaces is 開発部.
    await upload(account, utf8Bom(['名前,メール,所属', '中村 花子,nakamura@example.co.jp,　開発部　']));
    expect((await groups(account)).map((group: { name: string }) => group.name).sort()).toEqual(['マーケティング部', '総務部', '開発部'].sort());
  });

  it('reads UTF-8 without a BOM, and leaves departments alone when the file has no department column', async () => {
    const account = await createAccount(context);
    await upload(account, utf8Bom(['氏名,メールアドレス,部署', '木村 健,kimura@example.co.jp,人事部']));
    const result = (await upload(account, Buffer.from('email,name\nkimura@example.co.jp,木村 健二\n', 'utf8'))).json().data;
    expect(result).toMatchObject({ encoding: 'utf-8', summary: { new: 0, updated: 1, error: 0 } });
    expect((await list(account)).users[0]).toMatchObject({ name: '木村 健二', department: '人事部', groups: [{ name: '人事部' }] });
  });

  it('lists bad rows with their Excel row number and a Japanese reason, and applies only the good ones', async () => {
    const account = await createAccount(context);
    const file = shiftJis([
      '氏名,メールアドレス,部署',
      '正常 一郎,ok1@example.co.jp,営業部',
      ',noname@example.co.jp,営業部',
      '',
      'アドレス 不正,not-an-address,営業部',
      '重複 太郎,OK1@example.co.jp,営業部',
      '外部 花子,hanako@stranger-corp.jp,営業部',
      `長い 名前,long@example.co.jp,${'部'.repeat(101)}`,
      '正常 二郎,ok2@example.co.jp,',
    ]);
    const preview = (await upload(account, file, { dryRun: true })).json().data;
    expect(preview.summary).toEqual({ new: 2, updated: 0, error: 5 });
    expect(preview.rows.map((row: { row: number; status: string; errors: string[] }) => [row.row, row.status, row.errors])).toEqual([
      [2, 'new', []],
      [3, 'error', [peopleMessages.nameRequired]],
      [5, 'error', [peopleMessages.emailInvalid]],
      [6, 'error', [peopleMessages.importDuplicateInFile(2)]],
      [7, 'error', [domainMessages.unverifiedDomain('stranger-corp.jp')]],
      [8, 'error', [`部署：${peopleMessages.tooLong(100)}`]],
      [9, 'new', []],
    ]);
    const applied = (await upload(account, file)).json().data;
    expect(applied.summary).toEqual({ new: 2, updated: 0, error: 5 });
    expect((await list(account)).users.map((person: { email: string }) => person.email).sort()).toEqual(['ok1@example.co.jp', 'ok2@example.co.jp']);
  });

  it('refuses files it cannot use with a clear message under `file`', async () => {
    const account = await createAccount(context);
    const cases: Array<[Buffer | null, string]> = [
      [null, peopleMessages.importFileRequired],
      [utf8Bom(['氏名,部署', '山田,営業部']), peopleMessages.importMissingColumns(['メールアドレス'])],
      [utf8Bom(['社員番号,所属']), peopleMessages.importMissingColumns(['氏名', 'メールアドレス'])],
      [utf8Bom(['氏名,メールアドレス', '', ',']), peopleMessages.importNoRows],
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]), peopleMessages.importExcelWorkbook],
      [utf8Bom(['氏名,メールアドレス', ...Array.from({ length: PEOPLE_IMPORT_MAX_ROWS + 1 }, (_, index) => `社員${index},p${index}@example.co.jp`)]), peopleMessages.importTooManyRows(PEOPLE_IMPORT_MAX_ROWS, PEOPLE_IMPORT_MAX_ROWS + 1)],
    ];
    for (const [file, message] of cases) {
      const response = await upload(account, file, { dryRun: true });
      expect(response.statusCode, message).toBe(422);
      expect(response.json(), message).toEqual({ success: false, message, errors: { file: [message] } });
    }
    const large = await upload(account, Buffer.alloc(1024 * 1024 + 1, 0x41));
    expect(large.statusCode).toBe(413);
    expect(large.json()).toEqual({ success: false, message: peopleMessages.importTooLarge(1) });
    expect((await list(account)).users).toEqual([]);
  });

  it('counts only new people against the free plan: preview warns, applying refuses and saves nothing', async () => {
    const account = await createAccount(context);
    const first = Array.from({ length: 8 }, (_, index) => `社員${index},staff${index}@example.co.jp`);
    expect((await upload(account, utf8Bom(['氏名,メールアドレス', ...first]))).json().data.summary.new).toBe(8);
    const tooMany = utf8Bom(['氏名,メールアドレス', '社員0 改,staff0@example.co.jp', '新人A,new-a@example.co.jp', '新人B,new-b@example.co.jp', '新人C,new-c@example.co.jp']);
    const preview = (await upload(account, tooMany, { dryRun: true })).json().data;
    expect(preview.limit_message).toBe(peopleMessages.importPlanLimit(3, 10, 2));
    const refused = await upload(account, tooMany);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ success: false, message: peopleMessages.importPlanLimit(3, 10, 2) });
    expect((await list(account)).usage).toEqual({ registered: 8, max: 10 });
    // Two new and an update fit exactly.
    const fits = utf8Bom(['氏名,メールアドレス', '社員0 改,staff0@example.co.jp', '新人A,new-a@example.co.jp', '新人B,new-b@example.co.jp']);
    expect((await upload(account, fits)).json().data.summary).toEqual({ new: 2, updated: 1, error: 0 });
    // At the limit, updates alone still import.
    expect((await upload(account, utf8Bom(['氏名,メールアドレス', '社員1 改,staff1@example.co.jp']))).statusCode).toBe(200);
    expect((await list(account)).usage).toEqual({ registered: 10, max: 10 });
  });
});

describe('CSV export', () => {
  it('answers every person as UTF-8 CSV with a BOM and a Japanese-safe file name, safe to open in Excel, and imports back as updates', async () => {
    const account = await createAccount(context);
    await upload(account, shiftJis(['氏名,メールアドレス,部署', '髙橋 一郎,takahashi@example.co.jp,営業部', '=HYPERLINK("x"),formula@example.co.jp,']));
    const response = await callApi(context, { method: 'GET', url: '/api/users/export', token: account.token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="people-2026-11-21.csv"; filename*=UTF-8''${encodeURIComponent('受講者一覧_2026-11-21.csv')}`);
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.split('\r\n')).toEqual([
      '"氏名","メールアドレス","部署","グループ","登録日時"',
      '"髙橋 一郎","takahashi@example.co.jp","営業部","営業部","2026-11-21 12:00"',
      '"\'=HYPERLINK(""x"")","formula@example.co.jp","","","2026-11-21 12:00"',
      '',
    ]);
    const again = (await upload(account, bytes, { dryRun: true })).json().data;
    expect(again).toMatchObject({ encoding: 'utf-8', summary: { new: 0, updated: 2, error: 0 } });
    // Another tenant's export holds none of it.
    const other = await createAccount(context);
    const otherExport = await callApi(context, { method: 'GET', url: '/api/users/export', token: other.token });
    expect(otherExport.rawPayload.subarray(3).toString('utf8')).toBe('"氏名","メールアドレス","部署","グループ","登録日時"\r\n');
  });
});
