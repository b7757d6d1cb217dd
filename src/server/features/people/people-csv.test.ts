import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { peopleMessages } from '../../../common/messages';
import { AppError } from '../../errors';
import { detectEncoding, headerKey, parsePeopleCsv } from './people-csv';

const fileErrorOf = (work: () => unknown): string | undefined => {
  try {
    work();
  } catch (error) {
    if (error instanceof AppError) return error.fieldErrors?.file?.[0];
    throw error;
  }
  return undefined;
};

describe('detectEncoding', () => {
  it('tells UTF-8 (with and without BOM), Shift_JIS and UTF-16 apart from the bytes an encoder makes', () => {
    // Short Shift_JIS texts too, half-width katakana included (single bytes 0xA1–0xDF).
    for (const text of ['氏名,メールアドレス\r\n山田,yamada@example.co.jp', 'ｱ', '営業', '髙橋①', 'name\r\nﾔﾏﾀﾞ']) {
      expect(detectEncoding(iconv.encode(text, 'cp932')), text).toEqual({ encoding: 'shift_jis', text });
      expect(detectEncoding(Buffer.from(text, 'utf8')), text).toEqual({ encoding: 'utf-8', text });
      expect(detectEncoding(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')])), text).toEqual({ encoding: 'utf-8', text });
      expect(detectEncoding(Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, 'utf-16le')])), text).toEqual({ encoding: 'utf-16le', text });
    }
    expect(detectEncoding(Buffer.from('name,email\r\n', 'ascii')).encoding).toBe('utf-8');
  });
});

describe('headerKey and the column aliases', () => {
  it('finds the columns under Japanese and English spellings, full-width, spaced, marked as required, in any order', () => {
    expect(headerKey(' Ｅ－Ｍａｉｌ Address ')).toBe('emailaddress');
    expect(headerKey('メールアドレス（必須）')).toBe('メールアドレス');
    expect(headerKey('※ 氏 名')).toBe('氏名');
    const layouts: Array<[string, string]> = [
      ['氏名,メールアドレス,部署', '山田,yamada@example.co.jp,営業部'],
      ['部署,E-mail,名前', '営業部,yamada@example.co.jp,山田'],
      ['所属部署,Mail Address,Full Name', '営業部,yamada@example.co.jp,山田'],
      ['社員番号,お名前,メール,部門,備考', '001,山田,yamada@example.co.jp,営業部,'],
      ['ＮＡＭＥ,ＥＭＡＩＬ,ＤＥＰＡＲＴＭＥＮＴ', '山田,yamada@example.co.jp,営業部'],
      ['"氏名（漢字）","Eメールアドレス","所属"', '"山田","yamada@example.co.jp","営業部"'],
    ];
    for (const [header, row] of layouts) {
      const parsed = parsePeopleCsv(Buffer.from(`${header}\r\n${row}\r\n`, 'utf8'));
      expect(parsed.rows, header).toEqual([{ row: 2, name: '山田', email: 'yamada@example.co.jp', department: '営業部' }]);
    }
  });

  it('reads a tab-separated UTF-16 file (Excel’s “Unicode text”)', () => {
    const file = Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode('氏名\tメールアドレス\t部署\r\n山田\tyamada@example.co.jp\t営業部\r\n', 'utf-16le')]);
    expect(parsePeopleCsv(file)).toEqual({ encoding: 'utf-16le', hasDepartment: true, rows: [{ row: 2, name: '山田', email: 'yamada@example.co.jp', department: '営業部' }] });
  });

  it('numbers rows as Excel does: blank rows count, a quoted line break stays in one row', () => {
    const parsed = parsePeopleCsv(Buffer.from('氏名,メールアドレス\r\n\r\n"山田\n太郎",yamada@example.co.jp\r\n鈴木,suzuki@example.co.jp\r\n', 'utf8'));
    expect(parsed.rows.map((row) => [row.row, row.name])).toEqual([[3, '山田\n太郎'], [4, '鈴木']]);
    expect(parsed.hasDepartment).toBe(false);
  });

  it('refuses an unreadable file', () => {
    expect(fileErrorOf(() => parsePeopleCsv(Buffer.from('氏名,メールアドレス\r\n"山田,yamada@example.co.jp\r\n', 'utf8')))).toBe(peopleMessages.importUnreadable);
    expect(fileErrorOf(() => parsePeopleCsv(Buffer.from([0x00, 0x01, 0x02, 0x03])))).toBe(peopleMessages.importUnreadable);
  });
});
