import { describe, expect, it } from 'vitest';
import { checkScreen } from './support/axe';
import { emailReport, japaneseDate, smsReport } from './support/api';
import { DESKTOP, PHONE } from './support/browser';
import { useE2EEnvironment, viewportName } from './support/e2e';
import { eventually } from './support/eventually';
import { INDEX_PATH, detailPath, linkTexts, reportList, waitForListSettled } from './support/report-pages';

/**
 * SPEC §2.6 and §9: empty state, filter, paging (20 a page, range text, buttons only when
 * total > limit). The tests run in order on one fresh database: empty → 4 reports → 45 reports.
 */
const env = useE2EEnvironment();

const VIEWPORTS = [
  { name: viewportName(PHONE), viewport: PHONE },
  { name: viewportName(DESKTOP), viewport: DESKTOP },
];

const FILTER_EMAILS = ['【Amazon】お支払い方法の更新', '【三井住友カード】ご利用確認'];
const FILTER_SMS = ['お客様宛にお荷物のお届けにあがりました', '【NTTドコモ】ご利用料金の確認'];

async function openList(viewport: typeof PHONE) {
  const opened = await env.open(viewport);
  await opened.page.goto(INDEX_PATH);
  await waitForListSettled(opened.page);
  return { ...opened, list: reportList(opened.page) };
}

describe('report list', () => {
  it.each(VIEWPORTS)('shows the empty state when nobody has reported yet ($name)', async ({ name, viewport }) => {
    const { page, list } = await openList(viewport);
    await list.empty.waitFor();
    expect(await list.table.count()).toBe(0);
    expect(await list.pager.count()).toBe(0);
    await checkScreen(page, `list-empty-${name}`);
  });

  it('filters by receipt method: すべて / メール / SMS', async () => {
    // Oldest first, so the list (newest first) shows them in reverse.
    await env.api.createReports([
      emailReport({ subject: FILTER_EMAILS[0] ?? '' }),
      smsReport({ body: FILTER_SMS[0] ?? '' }),
      emailReport({ subject: FILTER_EMAILS[1] ?? '' }),
      smsReport({ body: FILTER_SMS[1] ?? '' }),
    ]);
    const { page, list } = await openList(DESKTOP);
    const everything = [FILTER_SMS[1], FILTER_EMAILS[1], FILTER_SMS[0], FILTER_EMAILS[0]];
    await eventually(() => linkTexts(page)).toEqual(everything);
    expect(await list.filter('すべて').getAttribute('aria-pressed')).toBe('true');
    expect(await list.range.textContent()).toBe('1件目 - 4件目 （全4件中）');

    await list.filter('メール').click();
    await eventually(() => linkTexts(page)).toEqual([FILTER_EMAILS[1], FILTER_EMAILS[0]]);
    expect(await list.filter('メール').getAttribute('aria-pressed')).toBe('true');
    expect(await list.filter('すべて').getAttribute('aria-pressed')).toBe('false');
    expect(await list.rows.getByRole('img', { name: 'メール', exact: true }).count()).toBe(2);
    expect(await list.rows.getByRole('img', { name: 'SMS・MMS', exact: true }).count()).toBe(0);
    expect(await list.range.textContent()).toBe('1件目 - 2件目 （全2件中）');

    await list.filter('SMS').click();
    await eventually(() => linkTexts(page)).toEqual([FILTER_SMS[1], FILTER_SMS[0]]);
    expect(await list.rows.getByRole('img', { name: 'SMS・MMS', exact: true }).count()).toBe(2);
    expect(await list.rows.getByRole('img', { name: 'メール', exact: true }).count()).toBe(0);
    expect(await list.range.textContent()).toBe('1件目 - 2件目 （全2件中）');

    await list.filter('すべて').click();
    await eventually(() => linkTexts(page)).toEqual(everything);

    // SPEC §9: with no more than one page there is nothing to page through.
    expect(await list.previous.count()).toBe(0);
    expect(await list.next.count()).toBe(0);
  });

  it('links every row to its detail page and shows the report date only', async () => {
    const { page, list } = await openList(PHONE);
    const { reports } = await env.api.listReports();
    expect(reports.length).toBeGreaterThan(0);
    for (const report of reports) {
      const row = list.rowFor(report.report_id);
      expect(await row.count()).toBe(1);
      expect((await row.locator('time').textContent())?.trim()).toBe(japaneseDate(report.reported_at));
    }
    // The whole row is clickable too, not only the text link.
    const [first] = reports;
    if (!first) throw new Error('no report');
    await list.rowFor(first.report_id).locator('time').click();
    await page.waitForURL((url) => url.pathname === detailPath(first.report_id));
  });

  describe.each(VIEWPORTS)('paging through 45 reports ($name)', ({ name, viewport }) => {
    it('shows 20 at a time with the exact range text, next and previous', async () => {
      const missing = 45 - (await env.api.total());
      if (missing > 0) {
        await env.api.createReports(
          Array.from({ length: missing }, (_, index) => emailReport({ subject: `ページ送り確認 ${String(index + 1).padStart(2, '0')}` })),
        );
      }
      expect(await env.api.total()).toBe(45);
      const expectedOrder = (await env.api.listReports({ limit: 45 })).reports.map((report) => report.report_id);

      const { page, list } = await openList(viewport);
      const pageIds = async () => (await list.links.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? '')));

      expect(await list.range.textContent()).toBe('1件目 - 20件目 （全45件中）');
      expect(await list.rows.count()).toBe(20);
      expect(await pageIds()).toEqual(expectedOrder.slice(0, 20).map(detailPath));
      expect(await list.previous.isDisabled()).toBe(true);
      expect(await list.next.isEnabled()).toBe(true);
      await checkScreen(page, `list-populated-${name}`);

      await list.next.click();
      await eventually(() => list.range.textContent()).toBe('21件目 - 40件目 （全45件中）');
      await waitForListSettled(page);
      expect(await pageIds()).toEqual(expectedOrder.slice(20, 40).map(detailPath));
      expect(await list.previous.isEnabled()).toBe(true);

      await list.next.click();
      await eventually(() => list.range.textContent()).toBe('41件目 - 45件目 （全45件中）');
      await waitForListSettled(page);
      expect(await list.rows.count()).toBe(5);
      expect(await pageIds()).toEqual(expectedOrder.slice(40, 45).map(detailPath));
      // On the last page there is no way further: the button is absent or disabled.
      expect((await list.next.count()) === 0 || (await list.next.isDisabled())).toBe(true);

      await list.previous.click();
      await eventually(() => list.range.textContent()).toBe('21件目 - 40件目 （全45件中）');
      await waitForListSettled(page);
      expect(await pageIds()).toEqual(expectedOrder.slice(20, 40).map(detailPath));
      await list.previous.click();
      await eventually(() => list.range.textContent()).toBe('1件目 - 20件目 （全45件中）');
      await waitForListSettled(page);
      expect(await pageIds()).toEqual(expectedOrder.slice(0, 20).map(detailPath));
      expect(await list.previous.isDisabled()).toBe(true);
    });
  });
});
