import { describe, expect, it } from 'vitest';
import { accountMessages } from '../../../common/messages';
import { operatorMessages } from '../../../common/operator-messages';
import { setupFormSchema, totpFormSchema } from './sign-in-schemas';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('the one-time code', () => {
  it('accepts six digits typed full-width or with spaces, as a phone keyboard or a copy may give them', () => {
    expect(totpFormSchema.parse({ code: '１２３ ４５６' }).code).toBe('123456');
  });

  it('refuses anything but six digits with one Japanese message', () => {
    expect(firstMessage(totpFormSchema.safeParse({ code: '' }))).toBe(operatorMessages.totpRequired);
    for (const code of ['12345', '1234567', '12a456']) {
      expect(firstMessage(totpFormSchema.safeParse({ code }))).toBe(operatorMessages.totpInvalid);
    }
  });
});

describe('the setup password', () => {
  it('uses the account password rules and wants the confirmation to match', () => {
    expect(setupFormSchema.safeParse({ password: 'short1', password_confirmation: 'short1' }).success).toBe(false);
    expect(firstMessage(setupFormSchema.safeParse({ password: 'kanri-Pass-2026', password_confirmation: 'kanri-Pass-2025' }))).toBe(accountMessages.passwordMismatch);
    expect(setupFormSchema.safeParse({ password: 'kanri-Pass-2026', password_confirmation: 'kanri-Pass-2026' }).success).toBe(true);
  });
});
