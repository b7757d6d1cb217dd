import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateMessages } from '../../../common/messages';
import { TEMPLATE_CATEGORIES, type Template, type TemplateSummary } from '../../../common/templates.schema';
import { callApi, createAccount, type FactoryAccount } from '../../test/account-factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { BUILTIN_TEMPLATES } from './builtin-templates';

let context: TestContext;
let owner: FactoryAccount;
let other: FactoryAccount;

beforeAll(async () => {
  context = await createTestApp();
  owner = await createAccount(context);
  other = await createAccount(context);
});
afterAll(() => context.close());

const api = (account: FactoryAccount, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  callApi(context, { method, url, token: account.token, payload });

/** A valid template of the tenant's own, with a marker only it holds. */
function ownTemplate(overrides: Record<string, unknown> = {}) {
  return {
    name: '年末調整の書類提出（自社版）', category: 'internal', difficulty: 2, sender_name: '総務部', sender_local_part: 'soumu',
    subject: '【総務部】{{name}}さん、年末調整の提出期限は{{date}}です',
    html_body: '<p>{{company_name}} {{department}} {{name}} 様</p><p><a href="{{url}}">提出フォーム</a></p>',
    text_body: '{{name}} 様\n提出はこちら {{url}}', landing: 'login',
    red_flags: [{ label: '急かす期限', explanation: '期限で考える時間を奪います。', excerpt: '提出期限' }],
    ...overrides,
  };
}

async function create(account: FactoryAccount, overrides: Record<string, unknown> = {}): Promise<Template> {
  const response = await api(account, 'POST', '/api/templates', ownTemplate(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Template;
}

const builtinId = async (): Promise<number> => {
  const response = await api(owner, 'GET', '/api/templates?source=builtin&limit=1');
  return (response.json().data.templates as TemplateSummary[])[0]!.template_id;
};

describe('GET /api/templates', () => {
  it('lists the whole built-in library, summaries without bodies, paged', async () => {
    const response = await api(owner, 'GET', '/api/templates?source=builtin&limit=100');
    expect(response.statusCode).toBe(200);
    const { templates, pagination } = response.json().data as { templates: Array<Record<string, unknown>>; pagination: Record<string, unknown> };
    expect(pagination).toEqual({ total: BUILTIN_TEMPLATES.length, limit: 100, offset: 0, has_more: false });
    expect(templates.map((template) => template.name)).toEqual(BUILTIN_TEMPLATES.map((template) => template.name));
    expect(templates.every((template) => template.is_builtin === true && !('html_body' in template) && !('text_body' in template))).toBe(true);

    const page = (await api(owner, 'GET', '/api/templates?source=builtin&limit=10&offset=10')).json().data;
    expect(page.templates.map((template: TemplateSummary) => template.name)).toEqual(BUILTIN_TEMPLATES.slice(10, 20).map((template) => template.name));
    expect(page.pagination).toEqual({ total: BUILTIN_TEMPLATES.length, limit: 10, offset: 10, has_more: true });
  });

  it('filters by theme, difficulty and words, and puts the tenant’s own first', async () => {
    const mine = await create(owner, { name: 'ヤマネコ検索用テンプレート', category: 'delivery', difficulty: 1 });
    for (const category of TEMPLATE_CATEGORIES) {
      const { templates } = (await api(owner, 'GET', `/api/templates?category=${category.id}&limit=100`)).json().data as { templates: TemplateSummary[] };
      const expected = BUILTIN_TEMPLATES.filter((template) => template.category === category.id).length + (category.id === 'delivery' ? 1 : 0);
      expect(templates.length, category.id).toBe(expected);
      expect(templates.every((template) => template.category === category.id)).toBe(true);
    }
    const delivery = (await api(owner, 'GET', '/api/templates?category=delivery&difficulty=1&limit=100')).json().data.templates as TemplateSummary[];
    expect(delivery[0]!.template_id).toBe(mine.template_id);
    expect(delivery.every((template) => template.difficulty === 1)).toBe(true);
    const found = (await api(owner, 'GET', `/api/templates?q=${encodeURIComponent('ヤマネコ検索用')}`)).json().data.templates as TemplateSummary[];
    expect(found.map((template) => template.template_id)).toEqual([mine.template_id]);
    // % and _ typed in the search box are characters, not wildcards.
    expect((await api(owner, 'GET', '/api/templates?q=%25%25_')).json().data.templates).toEqual([]);
    const own = (await api(owner, 'GET', '/api/templates?source=own&limit=100')).json().data.templates as TemplateSummary[];
    expect(own.every((template) => !template.is_builtin)).toBe(true);
  });

  it('never shows one tenant’s templates to another', async () => {
    const secret = await create(owner, { name: '他社に見せない機密テンプレート' });
    const list = await api(other, 'GET', '/api/templates?limit=100&q=' + encodeURIComponent('機密テンプレート'));
    expect(list.json().data.templates).toEqual([]);
    expect((await api(other, 'GET', `/api/templates/${secret.template_id}`)).statusCode).toBe(404);
  });

  it('treats empty parameters, as a plain form sends them, like omitted ones', async () => {
    const response = await api(owner, 'GET', '/api/templates?category=&difficulty=&source=&q=&limit=&offset=');
    expect(response.statusCode, response.body).toBe(200);
    const omitted = (await api(owner, 'GET', '/api/templates')).json().data;
    expect(response.json().data).toEqual(omitted);
    expect(omitted.pagination).toMatchObject({ limit: 24, offset: 0 });
  });

  it('answers 422 for a bad filter', async () => {
    for (const query of ['category=nope', 'difficulty=4', 'limit=0', 'limit=101', 'offset=-1']) {
      expect((await api(owner, 'GET', `/api/templates?${query}`)).statusCode, query).toBe(422);
    }
  });
});

describe('create, read, update, delete', () => {
  it('creates, reads, updates and deletes the tenant’s own', async () => {
    const made = await create(owner);
    expect(made).toMatchObject({ ...ownTemplate(), is_builtin: false });
    expect(made.created_at).toMatch(/\+09:00$/);
    const read = await api(owner, 'GET', `/api/templates/${made.template_id}`);
    expect(read.json().data).toEqual(made);

    const updated = await api(owner, 'PUT', `/api/templates/${made.template_id}`, ownTemplate({ name: '改訂版', difficulty: 3, red_flags: [] }));
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ name: '改訂版', difficulty: 3, red_flags: [] });

    const deleted = await api(owner, 'DELETE', `/api/templates/${made.template_id}`);
    expect(deleted.json()).toEqual({ success: true, data: { message: templateMessages.deleted } });
    expect((await api(owner, 'GET', `/api/templates/${made.template_id}`)).statusCode).toBe(404);
  });

  it('refuses (409) to delete a template a campaign draws from, and deletes it once the campaign is gone', async () => {
    const made = await create(owner);
    const campaign = await api(owner, 'POST', '/api/campaigns', { campaign_name: '使用中', template_ids: [made.template_id], all_users: true });
    expect(campaign.statusCode, campaign.body).toBe(201);
    const refused = await api(owner, 'DELETE', `/api/templates/${made.template_id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, message: templateMessages.inUse });
    expect((await api(owner, 'DELETE', `/api/campaigns/${campaign.json().data.campaign.campaign_id}`)).statusCode).toBe(200);
    expect((await api(owner, 'DELETE', `/api/templates/${made.template_id}`)).statusCode).toBe(200);
  });

  it('answers 404, never 422, for an id that cannot name a template', async () => {
    for (const id of ['abc', '1.5', '0', '-1', '99999999999', '1e3']) {
      for (const [method, path, payload] of [
        ['GET', '', undefined], ['PUT', '', ownTemplate()], ['DELETE', '', undefined], ['POST', '/duplicate', undefined], ['POST', '/preview', {}], ['POST', '/test-send', undefined],
      ] as const) {
        const response = await api(owner, method, `/api/templates/${id}${path}`, payload);
        expect(response.statusCode, `${method} ${id}${path}`).toBe(404);
        expect(response.json()).toEqual({ success: false, message: templateMessages.notFound });
      }
    }
  });

  it('refuses to edit or delete a built-in (403) but lets anyone read it', async () => {
    const id = await builtinId();
    expect((await api(other, 'GET', `/api/templates/${id}`)).json().data.is_builtin).toBe(true);
    for (const [method, payload] of [['PUT', ownTemplate()], ['DELETE', undefined]] as const) {
      const response = await api(owner, method, `/api/templates/${id}`, payload);
      expect(response.statusCode, method).toBe(403);
      expect(response.json()).toEqual({ success: false, message: templateMessages.builtinReadOnly });
    }
  });

  it('duplicates a built-in and another of the tenant’s own into the tenant’s own', async () => {
    const id = await builtinId();
    const source = (await api(owner, 'GET', `/api/templates/${id}`)).json().data as Template;
    const copy = await api(owner, 'POST', `/api/templates/${id}/duplicate`);
    expect(copy.statusCode).toBe(201);
    const data = copy.json().data as Template;
    expect(data).toMatchObject({ is_builtin: false, name: `${source.name}（コピー）`, subject: source.subject, red_flags: source.red_flags, html_body: source.html_body });
    expect(data.template_id).not.toBe(id);
    const edited = await api(owner, 'PUT', `/api/templates/${data.template_id}`, { ...ownTemplate(), name: '編集した複製' });
    expect(edited.statusCode).toBe(200);
    const again = await api(owner, 'POST', `/api/templates/${data.template_id}/duplicate`);
    expect(again.json().data.name).toBe('編集した複製（コピー）');
    expect((await api(other, 'POST', `/api/templates/${data.template_id}/duplicate`)).statusCode).toBe(404);
  });
});

describe('variables', () => {
  it('requires {{url}} in both bodies (422 per field)', async () => {
    const response = await api(owner, 'POST', '/api/templates', ownTemplate({ html_body: '<p>リンクなし</p>', text_body: 'リンクなし' }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ html_body: [templateMessages.urlRequired], text_body: [templateMessages.urlRequired] });
  });

  it('names each unknown variable, wherever it is', async () => {
    const response = await api(owner, 'POST', '/api/templates', ownTemplate({
      subject: '{{ password }} のお知らせ', sender_name: '{{boss}}', html_body: '<p>{{name}} {{ url }} {{foo}}</p>',
    }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      subject: [templateMessages.unknownVariable('password')],
      sender_name: [templateMessages.unknownVariable('boss')],
      html_body: [templateMessages.unknownVariable('foo')],
    });
    expect(response.json().message).toContain('{{');
  });

  it('refuses a {{url}} that only a removed element held', async () => {
    const response = await api(owner, 'POST', '/api/templates', ownTemplate({ html_body: '<p>本文</p><script>location="{{url}}"</script>' }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.html_body).toEqual([templateMessages.urlRequired]);
  });

  it('checks the other fields in Japanese', async () => {
    const response = await api(owner, 'POST', '/api/templates', ownTemplate({ name: ' ', category: 'x', difficulty: 0, sender_local_part: 'a..b', landing: 'x' }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      name: [templateMessages.nameRequired], category: [templateMessages.categoryInvalid], difficulty: [templateMessages.difficultyInvalid],
      sender_local_part: [templateMessages.senderLocalPartInvalid], landing: [templateMessages.landingInvalid],
    });
  });
});

describe('links and styles a person’s value could control', () => {
  it('refuses a variable in a URL attribute unless it is a leading {{url}}, and any in style (422 naming the attribute)', async () => {
    const cases: Array<[string, string]> = [
      ['<p><a href="{{name}}">{{url}}</a></p>', templateMessages.variableInUrlAttribute('href')],
      ['<p><a href="{{url}}">確認</a><a href="https://example.com/?u={{url}}">別</a></p>', templateMessages.variableInUrlAttribute('href')],
      ['<p><a href="{{url}}{{email}}">確認</a></p>', templateMessages.variableInUrlAttribute('href')],
      ['<p><a href="&#123;&#123;name&#125;&#125;">{{url}}</a></p>', templateMessages.variableInUrlAttribute('href')],
      ['<p><img src="https://img.example/{{name}}.png" alt="" />{{url}}</p>', templateMessages.variableInUrlAttribute('src')],
      ['<p style="color:{{department}}"><a href="{{url}}">確認</a></p>', templateMessages.variableInStyleAttribute('style')],
      ['<p style="background:url(https://img.example/{{name}}.png)"><a href="{{url}}">確認</a></p>', templateMessages.variableInStyleAttribute('style')],
    ];
    for (const [html, message] of cases) {
      for (const [method, url] of [['POST', '/api/templates'], ['POST', '/api/templates/preview']] as const) {
        const response = await api(owner, method, url, ownTemplate({ html_body: html }));
        expect(response.statusCode, `${url} ${html}`).toBe(422);
        expect(response.json().errors, html).toEqual({ html_body: [message] });
      }
    }
  });

  it('keeps {{url}} leading a link, and variables in plain attributes', async () => {
    const made = await create(owner, { html_body: '<p title="{{name}} 様"><a href=" {{ url }}?from=mail#top">確認</a></p>' });
    expect(made.html_body).toBe('<p title="{{name}} 様"><a href=" {{ url }}?from=mail#top">確認</a></p>');
  });
});

describe('red-flag excerpts', () => {
  it('must be text of the mail: the sender’s name, the subject, the text body or the HTML as read (422 per flag)', async () => {
    const flags = [
      { label: '差出人', excerpt: '総務部' },
      { label: '送信元アドレス', excerpt: 'soumu' },
      { label: '件名', excerpt: '提出期限は{{date}}' },
      { label: 'テキスト', excerpt: '提出はこちら' },
      { label: 'HTML', excerpt: '書類 & 提出フォーム' },
      { label: '空欄はよい', excerpt: '' },
      { label: '本文にない', excerpt: '今すぐパスワードを入力' },
    ];
    const html = '<p>{{name}} 様</p><p>書類\n  &amp; <a href="{{url}}">提出フォーム</a></p>';
    for (const url of ['/api/templates', '/api/templates/preview']) {
      const response = await api(owner, 'POST', url, ownTemplate({ html_body: html, red_flags: flags }));
      expect(response.statusCode, url).toBe(422);
      expect(response.json().errors, url).toEqual({ 'red_flags.6.excerpt': [templateMessages.excerptNotFound] });
    }
    const made = await create(owner, { html_body: html, red_flags: flags.slice(0, 6) });
    expect(made.red_flags.map((flag) => flag.excerpt)).toEqual(flags.slice(0, 6).map((flag) => flag.excerpt));
    const updated = await api(owner, 'PUT', `/api/templates/${made.template_id}`, ownTemplate({ red_flags: [{ label: 'x', excerpt: 'どこにもない' }] }));
    expect(updated.json().errors).toEqual({ 'red_flags.0.excerpt': [templateMessages.excerptNotFound] });
  });

  it('holds for every built-in lure, saved as a tenant’s own', async () => {
    for (const template of BUILTIN_TEMPLATES) {
      const { key: _key, ...fields } = template;
      const response = await api(owner, 'POST', '/api/templates', fields);
      expect(response.statusCode, `${template.key}: ${response.body}`).toBe(201);
    }
  });
});

describe('OpenAPI', () => {
  it('describes the template routes from their schemas', async () => {
    const document = (await context.app.inject({ url: '/api/openapi.json' })).json();
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining([
      '/api/templates', '/api/templates/{template_id}', '/api/templates/{template_id}/duplicate', '/api/templates/{template_id}/preview',
      '/api/templates/{template_id}/test-send', '/api/templates/preview', '/api/templates/from-report',
    ]));
    const parameters = document.paths['/api/templates'].get.parameters.map((parameter: { name: string }) => parameter.name);
    expect(parameters).toEqual(['category', 'difficulty', 'source', 'q', 'limit', 'offset']);
    expect(Object.keys(document.paths['/api/templates'].post.requestBody.content['application/json'].schema.properties)).toEqual(expect.arrayContaining(['html_body', 'red_flags', 'landing']));
  });
});
