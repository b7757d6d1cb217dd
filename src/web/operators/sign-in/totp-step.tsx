import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { operatorScreenText as t } from '../../../common/operator-messages';
import { operatorPaths } from '../../../common/operator-paths';
import { AlertBox } from '../../components/alert-box';
import { FormField } from '../../components/form-field';
import { SubmitButton } from '../../components/submit-button';
import { ApiError } from '../../lib/api-client';
import { apiErrorMessage } from '../../lib/api-error-message';
import { applyServerFieldErrors } from '../../training-app/account/server-field-errors';
import { GuestCard } from '../../training-app/components/guest-card';
import { operatorKeys, verifyTotp } from '../api/operator-api';
import type { OperatorLoginAnswer } from '../../../common/operator.schema';
import { storeOperatorToken } from '../api/operator-token';
import { totpFormSchema, type TotpFormValues } from './sign-in-schemas';

/**
 * The QR is the API's SVG shown as an image (a data: URL): an <img> never runs what an SVG
 * contains, and no markup from the answer reaches the page.
 */
const svgImageSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** The secret in groups of four, the way authenticator apps show and accept it. */
const groupSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

type TotpStepProps = {
  challenge: OperatorLoginAnswer;
  /** The challenge expired or was used up: back to the password with this note. */
  onRestart: (reason: string | null) => void;
};

export function TotpStep({ challenge, onRestart }: TotpStepProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const { register, handleSubmit, setError, setFocus, formState } = useForm<TotpFormValues, unknown, { code: string }>({
    resolver: zodResolver(totpFormSchema),
    defaultValues: { code: '' },
    reValidateMode: 'onSubmit',
  });
  const mutation = useMutation({ mutationFn: (code: string) => verifyTotp(challenge.challenge_token, code) });
  const settingUp = challenge.stage === 'totp_setup';

  const onValid = ({ code }: { code: string }) => {
    setFailure(null);
    mutation.mutate(code, {
      onSuccess: ({ token, operator }) => {
        storeOperatorToken(token);
        queryClient.setQueryData(operatorKeys.me, operator);
        void navigate(operatorPaths.reports, { replace: true });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) return onRestart(apiErrorMessage(error, t.sessionEnded));
        if (applyServerFieldErrors(error, ['code'] as const, setError)) return setFocus('code');
        setFailure(apiErrorMessage(error, t.totpFailed));
        window.setTimeout(() => failureRef.current?.focus(), 0);
      },
    });
  };

  return (
    <GuestCard
      title={settingUp ? t.totpSetupTitle : t.totpTitle}
      lead={settingUp ? t.totpSetupLead : t.totpLead}
      footer={
        <p>
          <button type="button" className="button button--link" onClick={() => onRestart(null)}>
            {t.totpRestart}
          </button>
        </p>
      }
    >
      {challenge.stage === 'totp_setup' && (
        <div className="op-totp-setup">
          <img className="op-totp-setup__qr" src={svgImageSource(challenge.totp.qr_svg)} alt={t.totpQrAlt} width={200} height={200} />
          <p className="op-totp-setup__secret-label">
            {t.totpSecretLabel}
          </p>
          <p className="op-totp-setup__secret" data-testid="totp-secret">
            <code translate="no">{groupSecret(challenge.totp.secret)}</code>
          </p>
        </div>
      )}
      <form noValidate onSubmit={handleSubmit(onValid)} aria-busy={mutation.isPending || undefined}>
        <fieldset className="ta-fieldset" disabled={mutation.isPending}>
          <legend className="visually-hidden">{t.totpTitle}</legend>
          {failure && (
            <AlertBox ref={failureRef} tone="error" title={t.totpFailed}>
              <p>{failure}</p>
            </AlertBox>
          )}
          <FormField label={t.totpCodeLabel} required error={formState.errors.code?.message}>
            {(control) => (
              <input
                {...control}
                {...register('code')}
                className="input input--code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={8}
                // Focused at once: the operator has the app open and only this to type.
                autoFocus
              />
            )}
          </FormField>
          <SubmitButton busy={mutation.isPending} label={settingUp ? '設定してログイン' : 'ログイン'} busyLabel="確認中..." />
        </fieldset>
      </form>
    </GuestCard>
  );
}
