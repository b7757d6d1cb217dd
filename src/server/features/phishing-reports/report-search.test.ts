import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reportMessages } from '../../../common/messages';
import { createTestApp, type TestContext } from '../../test/test-app';
import { clearReports, deleteReport, emailReportFields, smsReportFields, submitOk } from '../../test/report-factories';
import { PhishingReportsRepository } from './phishing-reports.repo';
import { SEARCH_MATCH_LIMIT } from './report-search.repo';
import { searchTerms } from './report-search-text';

/** GET /api/phishing-reports?q=&similar_to= (issue 13): search and similar reports, on both databases. */

let context: TestContext;
let repo: PhishingReportsRepository;
beforeAll(async () => {
  context = await createTestApp({ RATE_LIMIT_REPORT_SUBMIT: '1000', RATE_LIMIT_REPORT_DELETE: '1000' });
  repo = new PhishingReportsRepository(context.database.db);
});
afterAll(() => context.close());

interface Page {
  reports: Array<{ report_id: string; similar_count: number }>;
  pagination: { total: number; limit: number; offset: number; has_more: boolean; total_capped?: boolean };
}

const list = async (params: Record<string, string>): Promise<Page> => {
  const response = await context.app.inject({ url: `/api/phishing-reports?${new URLSearchParams(params)}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Page;
};
/** The ids a query finds, newest first, checked against the total. */
const found = async (params: Record<string, string>): Promise<string[]> => {
  const page = await list({ limit: '100', ...params });
  expect(page.pagination.total).toBe(page.reports.length);
  return page.reports.map((report) => report.report_id);
};
const search = (q: string, extra: Record<string, string> = {}) => found({ q, ...extra });

async function submitAt(fields: Record<string, string>): Promise<string> {
  context.clock.advance(60_000);
  return submitOk(context, fields);
}

let amazon: string;
let parcel: string;
let prime: string;
let rakuten: string;

describe('search (q)', () => {
  beforeAll(async () => {
    await clearReports(context.database);
    amazon = await submitAt(emailReportFields());
    parcel = await submitAt(smsReportFields());
    prime = await submitAt(
      smsReportFields({ source_info: '０８０－９８７６－５４３２', body: 'ＡＭＡＺＯＮ　プライム会費のお支払い方法に問題があります。https://www.Prime-Update.example/a' }),
    );
    rakuten = await submitAt(
      emailReportFields({
        source_info: 'Info@Rakuten-Card.example',
        subject: '楽天カードご利用確認のお願い',
        body: 'いつもご利用ありがとうございます。詳細は hxxps://rakuten-check[.]example/x をご覧ください',
      }),
    );
  });

  it('finds the subject, the body and the sender address, whatever the case', async () => {
    expect(await search('アカウントの確認')).toEqual([amazon]);
    expect(await search('お荷物をお届け')).toEqual([parcel]);
    expect(await search('amaz0n-support')).toEqual([amazon]);
    expect(await search('SECURITY@AMAZ0N-SUPPORT.EXAMPLE')).toEqual([amazon]);
    expect(await search('info@rakuten-card')).toEqual([rakuten]);
  });

  it('finds a phone number however it is written', async () => {
    for (const written of ['09012345678', '090-1234-5678', '０９０－１２３４－５６７８', '+81 90-1234-5678', '+819012345678', '090 1234 5678', '1234-5678']) {
      expect(await search(written), written).toEqual([parcel]);
    }
    // Reported in full-width, found in half-width and the other way round.
    expect(await search('080-9876-5432')).toEqual([prime]);
    expect(await search('08098765432')).toEqual([prime]);
  });

  it('finds a URL host, a defanged one by its real spelling too', async () => {
    expect(await search('sagawa-xyz.example')).toEqual([parcel]);
    expect(await search('prime-update.example')).toEqual([prime]);
    expect(await search('rakuten-check.example')).toEqual([rakuten]);
    expect(await search('https://amaz0n-verify.example/login')).toEqual([amazon]);
  });

  it('ignores full-width and half-width differences', async () => {
    expect(await search('amazon プライム')).toEqual([prime]);
    expect(await search('ＰＲＩＭＥ－ＵＰＤＡＴＥ')).toEqual([prime]);
    expect(await search('ｱｶｳﾝﾄ')).toEqual([amazon]);
  });

  it('finds one- and two-character queries', async () => {
    expect(await search('楽天')).toEqual([rakuten]);
    expect(await search('楽')).toEqual([rakuten]);
    expect(await search('荷物')).toEqual([parcel]);
    expect(await search('ｘ')).toEqual([rakuten, prime, parcel, amazon]);
  });

  it('needs every word to match', async () => {
    expect(await search('楽天 詳細')).toEqual([rakuten]);
    expect(await search('楽天　ご利用確認')).toEqual([rakuten]);
    expect(await search('楽天 お荷物')).toEqual([]);
    expect(await search('example 問題')).toEqual([prime]);
    expect(await search('存在しない言葉')).toEqual([]);
  });

  it('treats LIKE and FTS syntax as plain text', async () => {
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    expect(await search('"楽天" OR お荷物')).toEqual([]);
    expect(await search('a"b*')).toEqual([]);
  });

  it('combines with the receipt method and pages', async () => {
    expect(await search('example', { receipt_method: 'sms' })).toEqual([prime, parcel]);
    expect(await search('example', { receipt_method: 'email' })).toEqual([rakuten, amazon]);
    const page = await list({ q: 'example', limit: '3', offset: '1' });
    expect(page.reports.map((report) => report.report_id)).toEqual([prime, parcel, amazon]);
    expect(page.pagination).toEqual({ total: 4, limit: 3, offset: 1, has_more: false, total_capped: false });
    expect((await list({ q: 'example', limit: '2' })).pagination).toEqual({ total: 4, limit: 2, offset: 0, has_more: true, total_capped: false });
  });

  it('lists everything for an empty or blank q', async () => {
    expect(await found({ q: '' })).toEqual([rakuten, prime, parcel, amazon]);
    expect(await found({ q: '　 ' })).toEqual([rakuten, prime, parcel, amazon]);
  });

  it('answers 422 with a message under q for a query over 100 characters', async () => {
    expect(await search('あ'.repeat(100))).toEqual([]);
    const response = await context.app.inject({ url: `/api/phishing-reports?q=${encodeURIComponent('あ'.repeat(101))}` });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ success: false, message: reportMessages.searchQueryTooLong(100), errors: { q: [reportMessages.searchQueryTooLong(100)] } });
  });

  it('answers 422 for a repeated q', async () => {
    const response = await context.app.inject({ url: '/api/phishing-reports?q=a&q=b' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ q: [reportMessages.searchQueryInvalid] });
  });

  it.runIf(process.env.DATABASE_URL)('still searches on PostgreSQL without the pg_trgm index (the fallback)', async () => {
    await sql`drop index if exists phishing_reports_search_trgm_idx`.execute(context.database.db);
    expect(await search('お荷物をお届け')).toEqual([parcel]);
    expect(await search('楽天 詳細')).toEqual([rakuten]);
    expect(await search('090-1234-5678')).toEqual([parcel]);
  });
});

describe('similar reports (similar_to, similar_count)', () => {
  beforeEach(() => clearReports(context.database));

  it('lists the public reports of the same sender number, itself included, newest first', async () => {
    const first = await submitAt(smsReportFields({ source_info: '090-1111-2222' }));
    const other = await submitAt(smsReportFields({ source_info: '080-3333-4444' }));
    const second = await submitAt(smsReportFields({ source_info: '+81 90 1111 2222', body: '未払い料金があります' }));
    const third = await submitAt(smsReportFields({ source_info: '０９０１１１１２２２２', body: 'ご本人確認のお願い' }));

    expect(await found({ similar_to: first })).toEqual([third, second, first]);
    expect(await found({ similar_to: third })).toEqual([third, second, first]);
    expect(await found({ similar_to: other })).toEqual([other]);
    expect(await found({ similar_to: first, q: '未払い' })).toEqual([second]);
    expect(await found({ similar_to: first, receipt_method: 'email' })).toEqual([]);
    const page = await list({ similar_to: first, limit: '2' });
    expect(page.reports.map((report) => [report.report_id, report.similar_count])).toEqual([[third, 2], [second, 2]]);
    expect(page.pagination).toEqual({ total: 3, limit: 2, offset: 0, has_more: true, total_capped: false });
  });

  it('groups by the sender address, whatever its case', async () => {
    const first = await submitAt(emailReportFields({ source_info: 'No-Reply@Smbc-Card.example' }));
    const second = await submitAt(emailReportFields({ source_info: 'no-reply@smbc-card.example' }));
    await submitAt(emailReportFields({ source_info: 'other@smbc-card.example' }));
    expect(await found({ similar_to: first })).toEqual([second, first]);
    expect((await context.app.inject({ url: `/api/phishing-reports/${first}` })).json().data.similar_count).toBe(1);
  });

  it('answers an empty page for an unknown, malformed or hidden report', async () => {
    const hidden = await submitAt(smsReportFields());
    const visible = await submitAt(smsReportFields());
    await repo.setHidden(hidden, { at: context.clock.now(), reason: 'spam' });
    for (const similarTo of ['no-such-report-aaaaaaaa', 'x', hidden]) {
      const page = await list({ similar_to: similarTo });
      expect(page).toEqual({ reports: [], pagination: { total: 0, limit: 20, offset: 0, has_more: false, total_capped: false } });
    }
    expect(await found({ similar_to: visible })).toEqual([visible]);
  });

  it('keeps similar_count right after insert and delete, in the list and the detail', async () => {
    const first = await submitAt(smsReportFields());
    const count = async (reportId: string) => (await context.app.inject({ url: `/api/phishing-reports/${reportId}` })).json().data.similar_count;
    expect(await count(first)).toBe(0);
    const second = await submitAt(smsReportFields());
    expect(await count(first)).toBe(1);
    expect((await list({})).reports.map((report) => report.similar_count)).toEqual([1, 1]);
    expect((await deleteReport(context, second, '5678')).statusCode).toBe(200);
    expect(await count(first)).toBe(0);
    expect((await list({})).reports.map((report) => report.similar_count)).toEqual([0]);
    expect(await found({ similar_to: first })).toEqual([first]);
  });

  it('leaves a hidden report out of search and similar_to, and puts it back on restore', async () => {
    const first = await submitAt(smsReportFields({ body: '再配達のお知らせ' }));
    const second = await submitAt(smsReportFields({ body: '再配達のお知らせ' }));
    expect(await search('再配達')).toEqual([second, first]);
    await repo.setHidden(second, { at: context.clock.now(), reason: 'spam' });
    expect(await search('再配達')).toEqual([first]);
    expect(await search('再配')).toEqual([first]);
    expect(await found({ similar_to: first })).toEqual([first]);
    await repo.setHidden(second, null);
    expect(await search('再配達')).toEqual([second, first]);
    expect(await found({ similar_to: first })).toEqual([second, first]);
  });
});

describe('a word found in very many reports', () => {
  beforeAll(async () => {
    await clearReports(context.database);
    // Straight through the repository: a thousand submits would spend minutes hashing passwords.
    for (let index = 0; index < SEARCH_MATCH_LIMIT + 5; index += 1) {
      context.clock.advance(1_000);
      await repo.insert({
        report_id: `many-matches-${String(index).padStart(8, '0')}`,
        receipt_method: 'sms',
        subject: null,
        body: index % 2 === 0 ? `再配達のお知らせ ${index}` : `未払い料金 ${index}`,
        source_email: null,
        phone_number: `090-0000-${String(index % 50).padStart(4, '0')}`,
        publish_screenshot: 0,
        screenshot_status: 'none',
        screenshot_key: null,
        thumbnail_key: null,
        original_key: null,
        delete_password_hash: 'not-a-real-hash',
        reporter_ip_hash: null,
        reporter_fingerprint_hash: null,
        reported_at: context.clock.now(),
      });
    }
  });

  it(`pages through the newest ${SEARCH_MATCH_LIMIT} matches`, async () => {
    const newest = (index: number) => `many-matches-${String(index).padStart(8, '0')}`;
    const first = await list({ q: 'お知らせ' });
    expect(first.pagination).toEqual({ total: (SEARCH_MATCH_LIMIT + 5 + 1) / 2, limit: 20, offset: 0, has_more: true, total_capped: false });

    const page = await list({ q: '000', limit: '20' });
    expect(page.pagination).toEqual({ total: SEARCH_MATCH_LIMIT, limit: 20, offset: 0, has_more: true, total_capped: true });
    expect(page.reports.map((report) => report.report_id)).toEqual(Array.from({ length: 20 }, (_, index) => newest(SEARCH_MATCH_LIMIT + 4 - index)));
    const last = await list({ q: '000', limit: '20', offset: String(SEARCH_MATCH_LIMIT - 20) });
    expect(last.reports.map((report) => report.report_id)).toEqual(Array.from({ length: 20 }, (_, index) => newest(24 - index)));
    expect(last.pagination.has_more).toBe(false);
    expect((await list({ q: '000', offset: String(SEARCH_MATCH_LIMIT) })).reports).toEqual([]);
    // Fewer matches than the limit: one query found them all, sorted newest first here.
    expect((await list({ q: '再配達', limit: '20', offset: '40' })).reports.map((report) => report.report_id)).toEqual(
      Array.from({ length: 20 }, (_, index) => newest(SEARCH_MATCH_LIMIT + 4 - 80 - index * 2)),
    );
  });
});

describe('a long term looked up by its rare parts (report-search-trigrams.repo.ts)', () => {
  let whole: string;
  /** A repository of its own, so its trigram sample is read from these reports. */
  let fresh: PhishingReportsRepository;
  beforeAll(async () => {
    await clearReports(context.database);
    whole = await submitAt(smsReportFields({ body: '再配達はこちら https://qrstuvw.example/a' }));
    // Every trigram of "qrstuvw.example", and its pieces between common words, but never the term itself.
    await submitAt(smsReportFields({ body: '再配達はこちら https://qrstuvw.examplf/a と w.example' }));
    await submitAt(emailReportFields({ body: 'qrstuvw と example が離れて書かれた本文 qrstuvw.other.example' }));
    // Most reports hold "example" and not "qrstuvw": the sample finds the one common, the other rare.
    for (let index = 0; index < 4; index += 1) await submitAt(smsReportFields());
    fresh = new PhishingReportsRepository(context.database.db);
  });

  it('finds only the reports holding the whole term', async () => {
    const ids = async (query: string, method?: 'sms' | 'email') =>
      (await fresh.searchPage({ terms: searchTerms(query), method, limit: 20, offset: 0 })).reports.map((report) => report.report_id);
    expect(await ids('qrstuvw.example')).toEqual([whole]);
    expect(await ids('https://qrstuvw.example/a')).toEqual([whole]);
    expect(await ids('qrstuvw.example', 'email')).toEqual([]);
    expect(await ids('qrstuvw.example 再配達')).toEqual([whole]);
    expect(await search('qrstuvw.example')).toEqual([whole]);
  });
});
