import { z } from 'zod';

/**
 * The free plan's ad slot (SPEC §1 広告表示あり, issue 14): Kizuki's own house ads, text and a
 * link only, so the slot loads no third-party script, image or cookie. The list is configurable
 * (HOUSE_ADS_FILE, a JSON array of these); without it, DEFAULT_HOUSE_ADS.
 */
export const houseAdSchema = z.object({
  title: z.string().trim().min(1).max(40),
  text: z.string().trim().min(1).max(140),
  link: z.object({
    /** A path of this site ("/account/upgrade") or an https address. */
    href: z
      .string()
      .trim()
      .refine((href) => (href.startsWith('/') && !href.startsWith('//')) || /^https:\/\/[^\s/]+/.test(href), 'must be a path of this site (/…) or an https:// address'),
    label: z.string().trim().min(1).max(20),
  }),
});
export type HouseAd = z.output<typeof houseAdSchema>;

export const houseAdListSchema = z.array(houseAdSchema).max(50);

/** GET /api/house-ads: the ads for the caller (none unless a free tenant's administrator). */
export const houseAdsAnswerSchema = z.object({ ads: houseAdListSchema });

export const DEFAULT_HOUSE_ADS: readonly HouseAd[] = [
  {
    title: '広告なしで、もっと多くの従業員と訓練を',
    text: 'ライトプランなら50名・毎月250通まで。請求書払いに対応し、お申し込み後すぐに使えます。',
    link: { href: '/account/upgrade', label: 'プランを比較する' },
  },
  {
    title: '不審なSMS・メールはキヅキDBで確認',
    text: '届いたメッセージと同じ報告がないか、番号やURLで検索できます。スクリーンショットから匿名で報告することもできます。',
    link: { href: '/phishing-reports', label: 'キヅキDBを開く' },
  },
  {
    title: '年払いで2か月分お得に',
    text: '有料プランを年払いにすると、12か月分のご利用が10か月分の料金になります。',
    link: { href: '/account/upgrade', label: '料金を見る' },
  },
];

/** One ad a day, the same for everybody that day (Tokyo), so the slot does not change on every screen. */
export function houseAdOfTheDay<T>(ads: readonly T[], now: Date): T | undefined {
  if (ads.length === 0) return undefined;
  const tokyoDay = Math.floor((now.getTime() + 9 * 3_600_000) / 86_400_000);
  return ads[tokyoDay % ads.length];
}
