import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/database';
import { AppError } from '../../errors';
import { mailLink, type OutgoingMail, parseMailSender, toEnvelope } from './mail-message';
import { enqueueMail, MailOutboxRepository } from './mail-outbox.repo';
import { testDatabaseTarget } from '../../test/test-database';

const base: OutgoingMail = { to: 'hanako@example.jp', subject: 'お知らせ', text: '本文', html: '<p>本文</p>' };

describe('mail message building', () => {
  it('refuses line breaks in header values (no header injection)', () => {
    for (const attempt of [
      { subject: 'こんにちは\r\nBcc: victim@example.com' },
      { subject: 'こんにちは\nX-Injected: 1' },
      { to: 'hanako@example.jp\r\nBcc: victim@example.com' },
      { to: 'hanako@example.jp\n' },
      { unsubscribeUrl: 'https://kizuki.example/u\r\nBcc: victim@example.com' },
    ]) {
      expect(() => toEnvelope({ ...base, ...attempt })).toThrow(AppError);
      expect(() => toEnvelope({ ...base, ...attempt })).toThrow(/改行|メールアドレス/);
    }
  });

  it('refuses several recipients, display names and empty parts', () => {
    expect(() => toEnvelope({ ...base, to: 'a@example.jp, b@example.jp' })).toThrow(AppError);
    expect(() => toEnvelope({ ...base, to: 'Evil <a@example.jp>' })).toThrow(AppError);
    expect(() => toEnvelope({ ...base, text: ' ' })).toThrow(/HTML とテキスト/);
    expect(() => toEnvelope({ ...base, html: '' })).toThrow(/HTML とテキスト/);
  });

  it('adds List-Unsubscribe only when the mail has an unsubscribe URL', () => {
    expect(toEnvelope(base).headers).toEqual({});
    expect(toEnvelope({ ...base, unsubscribeUrl: 'https://kizuki.example/unsubscribe?t=1' }).headers).toEqual({
      'List-Unsubscribe': '<https://kizuki.example/unsubscribe?t=1>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(() => toEnvelope({ ...base, unsubscribeUrl: 'javascript:alert(1)' })).toThrow(AppError);
  });

  it('carries a mail’s own sender, on one line and one plain address', () => {
    expect(toEnvelope({ ...base, from: { name: 'ヤマネコ運輸', address: 'info@training.kizuki.example' } }).from).toEqual({ name: 'ヤマネコ運輸', address: 'info@training.kizuki.example' });
    expect(toEnvelope(base).from).toBeUndefined();
    for (const from of [
      { name: 'ヤマネコ運輸\r\nBcc: victim@example.com', address: 'info@training.kizuki.example' },
      { name: 'ヤマネコ運輸', address: 'info@training.kizuki.example\nBcc: victim@example.com' },
      { name: 'ヤマネコ運輸', address: 'a@b.example, c@d.example' },
    ]) {
      expect(() => toEnvelope({ ...base, from }), JSON.stringify(from)).toThrow(AppError);
    }
  });

  it('builds links from APP_URL', () => {
    expect(mailLink('https://kizuki.example', '/corporate/verify', { token: 'a b&c' })).toBe('https://kizuki.example/corporate/verify?token=a+b%26c');
    expect(mailLink('http://localhost:3000', 'corporate/verify')).toBe('http://localhost:3000/corporate/verify');
  });

  it('reads MAIL_FROM with or without a display name', () => {
    expect(parseMailSender('キヅキ <no-reply@kizuki.example>')).toEqual({ name: 'キヅキ', address: 'no-reply@kizuki.example' });
    expect(parseMailSender('"Kizuki, Inc." <a@kizuki.example>')).toEqual({ name: 'Kizuki, Inc.', address: 'a@kizuki.example' });
    expect(parseMailSender('a@kizuki.example')).toEqual({ name: '', address: 'a@kizuki.example' });
    expect(parseMailSender('キヅキ\r\nBcc: x@y.z <a@kizuki.example>')).toBeNull();
    expect(parseMailSender('not an address')).toBeNull();
  });
});

describe('enqueueMail', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = openDatabase(await testDatabaseTarget());
  });
  afterAll(() => database.destroy());

  it('writes in the caller transaction: a refused mail or a rolled-back change leaves no row', async () => {
    await database.db.deleteFrom('mail_outbox').execute();
    const jobCount = async () => (await database.db.selectFrom('jobs').select('id').execute()).length;
    const jobsBefore = await jobCount();
    await expect(
      database.db.transaction().execute((trx) => enqueueMail(trx, { ...base, subject: 'a\r\nBcc: victim@example.com' })),
    ).rejects.toThrow(AppError);
    await expect(
      database.db.transaction().execute(async (trx) => {
        await enqueueMail(trx, base);
        throw new Error('the causing change failed');
      }),
    ).rejects.toThrow('the causing change failed');
    expect(await database.db.selectFrom('mail_outbox').selectAll().execute()).toHaveLength(0);
    expect(await jobCount()).toBe(jobsBefore);

    const id = await database.db.transaction().execute((trx) => enqueueMail(trx, base, new Date('2026-11-21T03:00:00Z')));
    const row = await new MailOutboxRepository(database.db).findById(id);
    expect(row).toMatchObject({ to_address: 'hanako@example.jp', subject: 'お知らせ', status: 'pending', attempts: 0, headers: '{}' });
  });
});
