import { describe, expect, it } from 'vitest';
import { SPA_ROUTE_PATTERNS } from '../../common/training-routes';
import { documentTitle, ROUTE_META } from './route-meta';

describe('route meta (SPEC §2.1)', () => {
  it('has a title for every SPA route', () => {
    for (const pattern of SPA_ROUTE_PATTERNS) expect(ROUTE_META[pattern].title.length).toBeGreaterThan(0);
  });

  it('leaves only the login screens to guests and the e-mail link open', () => {
    const guest = SPA_ROUTE_PATTERNS.filter((pattern) => ROUTE_META[pattern].access === 'guest');
    expect(guest).toEqual(['/corporate/login', '/corporate/password/forgot', '/corporate/password/reset']);
    expect(ROUTE_META['/account/email/verify'].access).toBe('any');
  });

  it('gives the same screen to the paired paths', () => {
    expect(ROUTE_META['/account/upgrade']).toEqual(ROUTE_META['/account/upgrade/info']);
    expect(ROUTE_META['/account/billing']).toEqual(ROUTE_META['/billing']);
  });

  it('keeps the "in preparation" wording off the template screens, which are real', () => {
    for (const pattern of ['/templates', '/templates/create', '/templates/:id', '/templates/:id/edit'] as const) {
      expect(ROUTE_META[pattern].description).toBeUndefined();
      expect(ROUTE_META[pattern].section).toBe('templates');
    }
  });

  it('formats the document title', () => {
    expect(documentTitle('ダッシュボード')).toBe('ダッシュボード｜キヅキ');
    expect(documentTitle(undefined)).toBe('キヅキ');
  });
});
