import { attachmentDisposition, formatExcelCsv } from '../../lib/excel-csv';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { peopleMessages } from '../../../common/messages';
import { PEOPLE_IMPORT_MAX_ROWS } from '../../../common/people.schema';
import { AppError } from '../../errors';

/**
 * Reading and writing the people CSV that HR keeps in Excel. Parsing is csv-parse's and decoding
 * iconv-lite's; this file only decides the encoding, finds the columns and formats the export.
 */

export type CsvEncoding = 'utf-8' | 'shift_jis' | 'utf-16le';

export interface CsvPersonRow {
  /** The row as Excel numbers it: the header is row 1, blank rows count. */
  row: number;
  name: string;
  email: string;
  department: string;
}

export interface ParsedPeopleCsv {
  encoding: CsvEncoding;
  hasDepartment: boolean;
  rows: CsvPersonRow[];
}

type Column = 'name' | 'email' | 'department';

/**
 * Header spellings seen in HR lists, after `headerKey` (NFKC, lower case, no spaces, brackets or
 * separators): 氏名 / 名前 / Name, メールアドレス / メール / E-mail, 部署 / 所属 / Department…
 */
const HEADER_ALIASES: Record<Column, readonly string[]> = {
  name: ['氏名', '名前', 'お名前', '氏名漢字', '名前漢字', '姓名', '社員名', '従業員名', '職員名', '受講者名', '対象者名', 'name', 'fullname', 'displayname'],
  email: [
    'メールアドレス', 'メール', 'メアド', 'eメール', 'eメールアドレス', '電子メール', '電子メールアドレス', 'アドレス', '社用メールアドレス',
    'email', 'emailaddress', 'mail', 'mailaddress',
  ],
  department: ['部署', '部署名', '所属', '所属部署', '所属部門', '所属組織', '部門', '部門名', '部課', '組織', 'グループ', 'department', 'dept', 'division', 'group', 'team'],
};
const COLUMN_LABELS: Record<Column, string> = { name: '氏名', email: 'メールアドレス', department: '部署' };

/** A header cell as compared: full-width → half-width, lower case, without `(必須)`, `※`, spaces or separators. */
export function headerKey(cell: string): string {
  return cell
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[([{【〔].*?[)\]}】〕]/g, '')
    .replace(/[\s_\-‐・.:：*※"']/g, '');
}

/** Which encoding the bytes are in: a BOM says so; otherwise valid UTF-8 is UTF-8, and anything else is Excel's Shift_JIS (CP932). */
export function detectEncoding(bytes: Buffer): { encoding: CsvEncoding; text: string } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', text: bytes.subarray(3).toString('utf8') };
  // Excel's 「Unicode テキスト」: UTF-16 little-endian with a BOM (tab-separated).
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', text: iconv.decode(bytes.subarray(2), 'utf-16le') };
  try {
    return { encoding: 'utf-8', text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    // Shift_JIS text is almost never valid UTF-8 (its lead bytes 0x81–0x9F are UTF-8 continuation bytes).
    return { encoding: 'shift_jis', text: iconv.decode(bytes, 'cp932') };
  }
}

const fileError = (message: string) => AppError.validation({ file: [message] }, message);

/** Decodes and parses an uploaded CSV into person rows; a file that cannot be used is a 422 under `file`. */
export function parsePeopleCsv(bytes: Buffer): ParsedPeopleCsv {
  // An .xlsx workbook is a ZIP file: the commonest wrong upload, worth its own advice.
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) throw fileError(peopleMessages.importExcelWorkbook);
  const { encoding, text } = detectEncoding(bytes);
  if (text.includes('\u0000')) throw fileError(peopleMessages.importUnreadable);
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = firstLine.includes('\t') && !firstLine.includes(',') ? '\t' : ',';
  let records: string[][];
  try {
    // Blank lines are kept (as one empty cell) so that a record's index is its Excel row number.
    records = parse(text, { delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: false, trim: true }) as string[][];
  } catch {
    throw fileError(peopleMessages.importUnreadable);
  }
  const headerIndex = records.findIndex((record) => record.some((cell) => cell !== ''));
  if (headerIndex < 0) throw fileError(peopleMessages.importNoRows);
  const columns = findColumns(records[headerIndex]!);
  const missing = (['name', 'email'] as const).filter((column) => columns[column] === undefined);
  if (missing.length > 0) throw fileError(peopleMessages.importMissingColumns(missing.map((column) => COLUMN_LABELS[column])));

  const rows: CsvPersonRow[] = [];
  const cell = (record: string[], column: Column) => {
    const index = columns[column];
    return index === undefined ? '' : (record[index] ?? '').trim();
  };
  for (let index = headerIndex + 1; index < records.length; index += 1) {
    const record = records[index]!;
    if (record.every((value) => value === '')) continue;
    rows.push({ row: index + 1, name: cell(record, 'name'), email: cell(record, 'email'), department: cell(record, 'department') });
  }
  if (rows.length === 0) throw fileError(peopleMessages.importNoRows);
  if (rows.length > PEOPLE_IMPORT_MAX_ROWS) throw fileError(peopleMessages.importTooManyRows(PEOPLE_IMPORT_MAX_ROWS, rows.length));
  return { encoding, hasDepartment: columns.department !== undefined, rows };
}

function findColumns(header: string[]): Partial<Record<Column, number>> {
  const columns: Partial<Record<Column, number>> = {};
  header.forEach((cell, index) => {
    const key = headerKey(cell);
    for (const column of Object.keys(HEADER_ALIASES) as Column[]) {
      if (columns[column] === undefined && HEADER_ALIASES[column].includes(key)) columns[column] = index;
    }
  });
  return columns;
}

export interface ExportPerson {
  name: string;
  email: string;
  department: string | null;
  groups: string[];
  createdAt: string;
}

export const EXPORT_HEADER = ['氏名', 'メールアドレス', '部署', 'グループ', '登録日時'];

/** The export, as Excel opens it (lib/excel-csv.ts). */
export function formatPeopleCsv(people: readonly ExportPerson[]): Buffer {
  return formatExcelCsv(EXPORT_HEADER, people.map((person) => [person.name, person.email, person.department ?? '', person.groups.join(' / '), person.createdAt]));
}

export function exportDisposition(dateText: string): string {
  return attachmentDisposition(`people-${dateText}.csv`, `受講者一覧_${dateText}.csv`);
}
