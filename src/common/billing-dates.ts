/** 2026-11-30 → 2026年11月30日 (dates of billing periods, invoices and plan changes). */
export function japaneseDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return `${year}年${month}月${day}日`;
}

/** The calendar day after a YYYY-MM-DD date (a period's last day → the next period's first). */
export function dayAfter(isoDate: string): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** 9800 → 9,800円 */
export function yen(amount: number): string {
  return `${amount.toLocaleString('ja-JP')}円`;
}
