import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../../common/limits';
import { operatorScreenText as t } from '../../../common/operator-messages';
import { operatorPaths } from '../../../common/operator-paths';
import { AlertBox } from '../../components/alert-box';
import { FormField } from '../../components/form-field';
import { SubmitButton } from '../../components/submit-button';
import { apiErrorMessage } from '../../lib/api-error-message';
import { applyServerFieldErrors } from '../../training-app/account/server-field-errors';
import { GuestCard } from '../../training-app/components/guest-card';
import { setupPassword } from '../api/operator-api';
import { setupFormSchema, type SetupFormValues } from './sign-in-schemas';

/** The one-time link from `npm run operator:create`: the operator chooses a password, then signs in. */
export function Component() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const { register, handleSubmit, setError, setFocus, formState } = useForm<SetupFormValues>({
    resolver: zodResolver(setupFormSchema),
    defaultValues: { password: '', password_confirmation: '' },
    reValidateMode: 'onChange',
  });
  const { errors } = formState;
  const mutation = useMutation({ mutationFn: (password: string) => setupPassword(token, password) });

  const onValid = (values: SetupFormValues) => {
    setFailure(null);
    mutation.mutate(values.password, {
      onSuccess: ({ email }) => void navigate(operatorPaths.login, { replace: true, state: { setupDone: true, email } }),
      onError: (error) => {
        const field = applyServerFieldErrors(error, ['password'] as const, setError);
        if (field) return setFocus(field);
        setFailure(apiErrorMessage(error, t.setupFailed));
        window.setTimeout(() => failureRef.current?.focus(), 0);
      },
    });
  };

  return (
    <GuestCard title={t.setupTitle} lead={t.setupLead}>
      <form noValidate onSubmit={handleSubmit(onValid)} aria-busy={mutation.isPending || undefined}>
        <fieldset className="ta-fieldset" disabled={mutation.isPending}>
          <legend className="visually-hidden">{t.setupTitle}</legend>
          {failure && (
            <AlertBox ref={failureRef} tone="error" title={t.setupFailed}>
              <p>{failure}</p>
            </AlertBox>
          )}
          <FormField label="パスワード" required error={errors.password?.message} hint={`${PASSWORD_MIN_LENGTH}文字以上で、英字と数字を組み合わせてください。`}>
            {(control) => <input {...control} {...register('password')} type="password" className="input" autoComplete="new-password" />}
          </FormField>
          <FormField label="パスワード（確認）" required error={errors.password_confirmation?.message}>
            {(control) => <input {...control} {...register('password_confirmation')} type="password" className="input" autoComplete="new-password" />}
          </FormField>
          <SubmitButton busy={mutation.isPending} label="パスワードを設定" busyLabel="設定中..." />
        </fieldset>
      </form>
    </GuestCard>
  );
}
