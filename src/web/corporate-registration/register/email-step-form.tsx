import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { emailSchema } from '../../../common/account.schema';
import { CORPORATE_PRIVACY_PATH, CORPORATE_TERMS_PATH } from '../../../common/legal-paths';
import { accountMessages as m } from '../../../common/messages';
import { AlertBox } from '../../components/alert-box';
import { FieldError, FormField } from '../../components/form-field';
import { sendConfirmation } from '../shared/registration-api';
import { sendConfirmationFailure } from '../shared/registration-errors';
import { SubmitButton } from '../../components/submit-button';

/** SPEC §5 corporate email step, with the shared address rule and the exact agreement messages. */
const emailStepSchema = z.object({
  email: emailSchema,
  terms_agreed: z.boolean().refine((agreed) => agreed, { error: m.termsRequired }),
  privacy_agreed: z.boolean().refine((agreed) => agreed, { error: m.privacyRequired }),
});
type EmailStepInput = z.input<typeof emailStepSchema>;
type EmailStepValues = z.output<typeof emailStepSchema>;

const FIELD_ORDER = ['email', 'terms_agreed', 'privacy_agreed'] as const;

type EmailStepFormProps = { defaultEmail: string; onSent: (email: string) => void };

export function EmailStepForm({ defaultEmail, onSent }: EmailStepFormProps) {
  const id = useId();
  const { register, handleSubmit, setError, setFocus, formState } = useForm<EmailStepInput, unknown, EmailStepValues>({
    resolver: zodResolver(emailStepSchema),
    defaultValues: { email: defaultEmail, terms_agreed: false, privacy_agreed: false },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const { errors } = formState;
  const [general, setGeneral] = useState<string | null>(null);
  const generalRef = useRef<HTMLDivElement>(null);
  const mutation = useMutation({ mutationFn: sendConfirmation });
  const busy = mutation.isPending;

  const onValid = (values: EmailStepValues) => {
    setGeneral(null);
    mutation.mutate(values.email, {
      onSuccess: () => onSent(values.email),
      onError: (error) => {
        const failure = sendConfirmationFailure(error);
        for (const field of FIELD_ORDER) {
          const message = failure.fields[field];
          if (message) setError(field, { type: 'server', message });
        }
        const first = FIELD_ORDER.find((field) => failure.fields[field]);
        // The fieldset is disabled while sending; focus once React has enabled it again.
        window.setTimeout(() => (first ? setFocus(first) : generalRef.current?.focus()), 0);
        setGeneral(failure.general);
      },
    });
  };

  const onInvalid = (invalid: FieldErrors<EmailStepInput>) => {
    const first = FIELD_ORDER.find((field) => invalid[field]);
    if (first) setFocus(first);
  };

  const checkbox = (name: 'terms_agreed' | 'privacy_agreed', href: string, linkText: string) => {
    const errorId = `${id}-${name}-error`;
    const error = errors[name]?.message;
    return (
      <div className={['reg-agree', error ? 'field--invalid' : null].filter(Boolean).join(' ')}>
        <label className="checkbox">
          <input type="checkbox" {...register(name)} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} />
          <span>
            <a href={href} target="_blank" rel="noopener noreferrer">
              {linkText}
              <span className="visually-hidden">（新しいタブで開きます）</span>
            </a>
            に同意する
          </span>
        </label>
        <FieldError id={errorId} message={error} />
      </div>
    );
  };

  return (
    <form noValidate onSubmit={handleSubmit(onValid, onInvalid)} aria-busy={busy || undefined}>
      <fieldset className="reg-form__fieldset" disabled={busy}>
        <legend className="visually-hidden">メールアドレスと同意事項</legend>
        <FormField label="メールアドレス" required error={errors.email?.message} hint="ご担当者さまの会社のメールアドレスをご入力ください。管理者アカウントのログインIDになります。">
          {(control) => (
            <input {...control} {...register('email')} type="email" className="input" autoComplete="email" inputMode="email" placeholder="例）taro.yamada@example.co.jp" />
          )}
        </FormField>

        <div className="reg-agreements">
          <p className="reg-agreements__title">ご利用にあたって</p>
          {checkbox('terms_agreed', CORPORATE_TERMS_PATH, '利用規約')}
          {checkbox('privacy_agreed', CORPORATE_PRIVACY_PATH, 'プライバシーポリシー')}
        </div>

        {general && (
          <AlertBox ref={generalRef} tone="error" title={m.errorBoxTitle}>
            <p>{general}</p>
          </AlertBox>
        )}

        <SubmitButton busy={busy} label="確認メールを送信" busyLabel="送信中..." />
      </fieldset>
    </form>
  );
}
