import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateMessages } from '../../../common/messages';
import { callApi, createAccount, type FactoryAccount } from '../../test/account-factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { syncBuiltinTemplates } from './builtin-sync';
import type { BuiltinTemplate } from './builtin-templates/builtin-template.types';
import { BUILTIN_TEMPLATES } from './builtin-templates';
import { TemplatesRepository } from './templates.repo';

let context: TestContext;
let admin: FactoryAccount;
let repo: TemplatesRepository;

beforeAll(async () => {
  context = await createTestApp();
  admin = await createAccount(context);
  repo = new TemplatesRepository(context.database.db);
});
afterAll(async () => {
  // Other test files share the database: leave the real library as the app's start-up leaves it.
  await syncBuiltinTemplates(repo, BUILTIN_TEMPLATES, context.clock.now());
  await context.close();
});

const builtinRows = () => context.database.db.selectFrom('training_templates').selectAll().where('tenant_id', 'is', null).orderBy('id').execute();

describe('syncing the built-in library', () => {
  it('has put every lure in the database once at start-up, and a second sync changes nothing', async () => {
    const rows = await builtinRows();
    expect(rows.map((row) => row.builtin_key)).toEqual(expect.arrayContaining(BUILTIN_TEMPLATES.map((template) => template.key)));
    expect(rows.filter((row) => row.retired_at === null)).toHaveLength(BUILTIN_TEMPLATES.length);
    expect(await syncBuiltinTemplates(repo, BUILTIN_TEMPLATES, context.clock.now())).toEqual({ inserted: 0, updated: 0, retired: 0 });
    // Two instances starting at once: neither fails, no duplicate rows.
    await Promise.all([syncBuiltinTemplates(repo, BUILTIN_TEMPLATES, context.clock.now()), syncBuiltinTemplates(repo, BUILTIN_TEMPLATES, context.clock.now())]);
    expect(await builtinRows()).toHaveLength(rows.length);
  });

  it('inserts new lures, updates changed ones in place (same id), retires removed ones and brings them back', async () => {
    const [first, second, ...others] = BUILTIN_TEMPLATES as [BuiltinTemplate, BuiltinTemplate, ...BuiltinTemplate[]];
    const before = new Map((await builtinRows()).map((row) => [row.builtin_key, row.id]));
    const added: BuiltinTemplate = { ...first, key: 'test-sync-added-lure', name: '同期テストで追加したルアー' };
    const changed: BuiltinTemplate = { ...first, subject: '件名を改訂しました {{name}}' };
    context.clock.advance(1000);
    try {
      const result = await syncBuiltinTemplates(repo, [changed, ...others, added], context.clock.now());
      expect(result).toEqual({ inserted: 1, updated: 1, retired: 1 });
      const rows = new Map((await builtinRows()).map((row) => [row.builtin_key, row]));
      expect(rows.get(first.key)).toMatchObject({ id: before.get(first.key), subject: '件名を改訂しました {{name}}', retired_at: null });
      expect(rows.get(second.key)!.retired_at).not.toBeNull();

      // A retired lure leaves the library list but its row stays readable (campaigns refer to it).
      const list = (await callApi(context, { method: 'GET', url: '/api/templates?source=builtin&limit=100', token: admin.token })).json().data;
      expect(list.pagination.total).toBe(BUILTIN_TEMPLATES.length);
      expect(list.templates.some((template: { name: string }) => template.name === second.name)).toBe(false);
      const retired = await callApi(context, { method: 'GET', url: `/api/templates/${before.get(second.key)}`, token: admin.token });
      expect(retired.json().data.name).toBe(second.name);
      const put = await callApi(context, { method: 'DELETE', url: `/api/templates/${rows.get('test-sync-added-lure')!.id}`, token: admin.token });
      expect(put.statusCode).toBe(403);
      expect(put.json().message).toBe(templateMessages.builtinReadOnly);
    } finally {
      const restored = await syncBuiltinTemplates(repo, BUILTIN_TEMPLATES, context.clock.now());
      expect(restored).toEqual({ inserted: 0, updated: 2, retired: 1 });
    }
    const rows = new Map((await builtinRows()).map((row) => [row.builtin_key, row]));
    expect(rows.get(second.key)).toMatchObject({ id: before.get(second.key), retired_at: null });
    expect(rows.get('test-sync-added-lure')!.retired_at).not.toBeNull();
  });
});
