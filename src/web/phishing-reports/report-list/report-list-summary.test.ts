import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ListState } from './list-url-state';
import { ReportListSummary } from './report-list-summary';

const searching: ListState = { page: 1, filter: 'all', q: '楽天', similarTo: null };
const text = (markup: string) => markup.replace(/<[^>]+>/g, '');
const render = (total: number | null, totalCapped?: boolean) =>
  text(renderToStaticMarkup(createElement(ReportListSummary, { state: searching, total, totalCapped, onNavigate: () => undefined })));

describe('the search summary', () => {
  it('states an exact count', () => {
    expect(render(12)).toContain('「楽天」を含む報告：12件');
    expect(render(12)).not.toContain('以上');
  });

  it('says 以上 when the search found more than it pages through, and that the newest are shown', () => {
    const summary = render(200, true);
    expect(summary).toContain('「楽天」を含む報告：200件以上');
    expect(summary).toContain('新しい順に200件まで表示しています');
  });

  it('is not shown without a search or a group', () => {
    expect(renderToStaticMarkup(createElement(ReportListSummary, { state: { ...searching, q: '' }, total: 3, onNavigate: () => undefined }))).toBe('');
  });
});
