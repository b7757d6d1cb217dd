import { useQuery } from '@tanstack/react-query';
import { Link, matchPath } from 'react-router';
import { houseAdsAnswerSchema } from '../../../common/house-ads';
import { planOf } from '../../../common/plans';
import { SPA_ROUTE_PATTERNS } from '../../../common/training-routes';
import { useAuthState } from '../../auth/auth-store';
import { apiRequest } from '../../lib/api-client';

/**
 * SPEC §1 "ads shown" on the free plan: one ad on the administrator's dashboard and list screens,
 * nowhere else (never in training mail, on the pages employees see, or in Kizuki DB). The ads are
 * Kizuki's own house ads from the server's configured list (GET /api/house-ads): text and a link,
 * no ad network, no third-party script or cookie (the corporate privacy policy promises as much).
 * A paid plan draws nothing at all, not even an empty box.
 */
export function AdSlot() {
  const { user, tenant } = useAuthState();
  const eligible = Boolean(tenant && user?.role === 'admin' && planOf(tenant.plan).adsShown);
  const ads = useQuery({
    queryKey: ['billing', 'house-ads'],
    queryFn: ({ signal }) => apiRequest('/api/house-ads', { parse: (data) => houseAdsAnswerSchema.parse(data), signal }),
    enabled: eligible,
    staleTime: 60 * 60 * 1000,
  });
  const ad = eligible ? ads.data?.ads[0] : undefined;
  if (!ad) return null;
  const inApp = SPA_ROUTE_PATTERNS.some((pattern) => matchPath(pattern, ad.link.href.split(/[?#]/)[0]!));
  const external = ad.link.href.startsWith('https://');
  return (
    <aside className="ad-slot" aria-label="広告">
      <span className="ad-slot__label">広告</span>
      <div className="ad-slot__body">
        <p className="ad-slot__title">{ad.title}</p>
        <p className="ad-slot__text">{ad.text}</p>
      </div>
      {inApp ? (
        <Link className="button button--secondary button--small ad-slot__link" to={ad.link.href}>
          {ad.link.label}
        </Link>
      ) : (
        <a className="button button--secondary button--small ad-slot__link" href={ad.link.href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          {ad.link.label}
        </a>
      )}
    </aside>
  );
}
