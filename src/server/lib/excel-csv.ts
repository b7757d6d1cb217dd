/**
 * CSV that Excel opens as it is: UTF-8 with a BOM (so Excel does not read it as Shift_JIS), CRLF,
 * every cell quoted. A cell that starts like a formula (= + - @) gets a leading apostrophe, so
 * opening the file in a spreadsheet never runs a formula someone typed as a name (CSV injection).
 */
export function formatExcelCsv(header: readonly string[], rows: ReadonlyArray<readonly string[]>): Buffer {
  const lines = [header, ...rows].map((cells) => cells.map(quoteCell).join(','));
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8')]);
}

function quoteCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** `attachment` with an ASCII fallback name and the Japanese one in RFC 5987 form (Excel, every browser). */
export function attachmentDisposition(asciiName: string, japaneseName: string): string {
  return `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(japaneseName)}`;
}
