/**
 * A URL's line that the page reading read unsurely and the second look (second-look.ts) read surely:
 * auto-fill takes the second reading. The second look reads each unsure line alone, scaled to one
 * text height, and where it is sure it is right far more often than the unsure page reading
 * (「o7C=kKm…」 at 37 against 「o?c=kKm…」 at 76, 「index.htm/mypage」 at 30 against 「index.html/mypage」 at 73).
 * Redaction already reads both; this only changes which reading auto-fill gives the visitor.
 */
import type { OcrLine } from './ocr-layout';
import { asciiRuns, looksLikeAddress } from './ocr-text';
import { sameText } from './reading-vote';
import type { SecondLook } from './second-look';

/** A second reading at least this sure replaces the page's (which was below 50, or it was not read again). */
const SURE_SECOND_READING = 70;

/** A piece of a URL: an address run with a path, a query or a scheme (an e-mail address is the header's business). */
function holdsUrlPiece(text: string): boolean {
  return !text.includes('@') && asciiRuns(text).some(({ start, end }) => {
    const run = text.slice(start, end);
    return looksLikeAddress(run) && /[/?=&]/.test(run);
  });
}

/**
 * The page's lines with each unsure URL line the second look read surely put in its place: the second
 * reading must be a single sure line, hold a URL piece as the page line does, and be a reading of the
 * same text (most characters in common), not a neighbour the crop took in. The page line keeps its box,
 * which places it among its neighbours; the characters and their boxes are the second reading's.
 */
export function withSurerAddressReadings(lines: readonly OcrLine[], looks: readonly SecondLook[]): OcrLine[] {
  const result = [...lines];
  for (const look of looks) {
    const page = look.line === undefined ? undefined : lines[look.line];
    if (page === undefined || !holdsUrlPiece(page.text)) continue;
    const sure = look.lines.filter((line) => line.confidence >= SURE_SECOND_READING);
    const again = sure.length === 1 ? sure[0]! : null;
    if (again === null || again.confidence <= page.confidence || !holdsUrlPiece(again.text) || !sameText(page.text, again.text)) continue;
    result[look.line!] = { ...again, box: page.box };
  }
  return result;
}
