import type { AutoFillScore, ItemCoverage, PlainRedaction, Rate } from '../src/server/test/ocr-scoring';

/**
 * The quality figures of `npm run bench:ocr` split by app family and by condition, for the
 * generated sets (their truth carries `family` and `conditions`). A regression that hits one
 * app or one degradation shows here even when the totals hardly move.
 */

interface ScoredImage {
  image: { family?: string; conditions?: string[] };
  items: ItemCoverage[];
  plain: PlainRedaction;
  autoFill: AutoFillScore;
}

interface Format {
  table: (header: string[], rows: string[][]) => string;
  percent: (value: number | null, digits?: number) => string;
  rateText: (rate: Rate) => string;
}

const rate = (hits: number, total: number): Rate => ({ hits, total, rate: total === 0 ? null : hits / total });

function row(label: string, results: ScoredImage[], format: Format): string[] {
  const items = results.flatMap((result) => result.items);
  const fields = (pick: (score: AutoFillScore) => { exact: boolean } | null) => {
    const present = results.map((result) => pick(result.autoFill)).filter((field): field is { exact: boolean } => field !== null);
    return present.length === 0 ? '-' : format.rateText(rate(present.filter((field) => field.exact).length, present.length));
  };
  const distance = results.reduce((sum, result) => sum + result.autoFill.body.distance, 0);
  const length = results.reduce((sum, result) => sum + result.autoFill.body.length, 0);
  const urls = results.flatMap((result) => result.autoFill.urls);
  const boxes = results.reduce((sum, result) => sum + result.plain.boxes, 0);
  const blacked = results.reduce((sum, result) => sum + result.plain.blacked, 0);
  return [
    label,
    String(results.length),
    `${items.filter((item) => item.passed).length}/${items.length}`,
    format.percent(length === 0 ? null : distance / length, 2),
    fields((score) => score.phone),
    fields((score) => score.email),
    fields((score) => score.subject),
    urls.length === 0 ? '-' : format.rateText(rate(urls.filter((url) => url.exact).length, urls.length)),
    boxes === 0 ? '-' : format.rateText(rate(blacked, boxes)),
  ];
}

const HEADER = ['', 'images', 'items black', 'body CER', 'phone', 'e-mail', 'subject', 'URLs', 'plain blacked'];

export function printBreakdowns(results: ScoredImage[], format: Format): void {
  const families = [...new Set(results.map((result) => result.image.family).filter((family): family is string => family !== undefined))];
  if (families.length === 0) return;
  console.log('\nBy app family:\n');
  console.log(
    format.table(
      ['family', ...HEADER.slice(1)],
      families.map((family) => row(family, results.filter((result) => result.image.family === family), format)),
    ),
  );
  const conditions = [...new Set(results.flatMap((result) => result.image.conditions ?? []))].sort();
  console.log('\nBy condition (an image counts under each of its conditions):\n');
  console.log(
    format.table(
      ['condition', ...HEADER.slice(1)],
      conditions.map((condition) => row(condition, results.filter((result) => result.image.conditions?.includes(condition)), format)),
    ),
  );
}
