import { z } from 'zod';
import { loginSchema, newPasswordSchema } from '../../../common/account.schema';
import { accountMessages as m } from '../../../common/messages';
import { operatorTotpSchema } from '../../../common/operator.schema';

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

/** The code as the server checks it (full-width digits and spaces forgiven). */
export const totpFormSchema = operatorTotpSchema.pick({ code: true });
export type TotpFormValues = z.input<typeof totpFormSchema>;
