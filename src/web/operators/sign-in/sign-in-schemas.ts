import { z } from 'zod';
import { loginSchema, newPasswordSchema } from '../../../common/account.schema';
import { accountMessages as m } from '../../../common/messages';
import { operatorScreenText as t } from '../../../common/operator-messages';

/** The setup link's form: the account password rules (the server checks the same), typed twice. */
export const setupFormSchema = z
  .object({
    password: newPasswordSchema,
    password_confirmation: z.string().min(1, { error: m.passwordConfirmationRequired }),
  })
  .superRefine((value, context) => {
    if (value.password_confirmation !== '' && value.password !== value.password_confirmation) {
      context.addIssue({ code: 'custom', path: ['password_confirmation'], message: m.passwordMismatch });
    }
  });
export type SetupFormValues = z.input<typeof setupFormSchema>;

export { loginSchema };

/** Full-width digits and spaces (「１２３ ４５６」) are what a phone keyboard or a copy may give. */
export function normaliseCode(value: string): string {
  return value.replace(/[０-９]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xfee0)).replace(/[\s-]/g, '');
}

export const totpFormSchema = z.object({
  code: z.string().transform(normaliseCode).pipe(z.string().regex(/^\d{6}$/, { error: t.totpCodeFormat })),
});
export type TotpFormValues = z.input<typeof totpFormSchema>;
