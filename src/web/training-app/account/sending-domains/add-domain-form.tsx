import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { domainMessages as m } from '../../../../common/messages';
import type { SendingDomain } from '../../../../common/sending-domains.schema';
import { AlertBox } from '../../../components/alert-box';
import { FormField } from '../../../components/form-field';
import { applyServerFieldErrors } from '../server-field-errors';
import { addSendingDomain } from './sending-domains-api';
import { apiErrorMessage } from '../../../lib/api-error-message';

type Values = { domain: string };

/** Adds a domain; the server normalises it and says why one cannot be added (under the field). */
export function AddDomainForm({ onAdded }: { onAdded: (domain: SendingDomain) => void }) {
  const { register, handleSubmit, setError, setFocus, reset, formState } = useForm<Values>({ defaultValues: { domain: '' }, shouldFocusError: true });
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: addSendingDomain });

  const onValid = ({ domain }: Values) => {
    setFailure(null);
    mutation.mutate(domain, {
      onSuccess: (added) => {
        reset();
        onAdded(added);
      },
      onError: (error) => {
        if (applyServerFieldErrors(error, ['domain'] as const, setError)) {
          window.setTimeout(() => setFocus('domain'), 0);
          return;
        }
        setFailure(apiErrorMessage(error, m.addFailed));
      },
    });
  };

  return (
    <form className="sd-add" noValidate onSubmit={handleSubmit(onValid)} aria-busy={mutation.isPending || undefined}>
      <h3 className="sd-add__title">ドメインを追加</h3>
      {failure && (
        <AlertBox tone="error" title="追加できませんでした">
          <p>{failure}</p>
        </AlertBox>
      )}
      <fieldset className="ta-fieldset" disabled={mutation.isPending}>
        <legend className="visually-hidden">ドメインを追加</legend>
        <FormField label="ドメイン" required error={formState.errors.domain?.message} hint="訓練メールの送信先アドレスの「@」より後ろの部分です。" className="sd-add__field">
          {(control) => (
            // The button sits beside the input (below it on phones); the field's error goes under both.
            <div className="sd-add__control">
              <input
                {...control}
                {...register('domain', { validate: (value) => value.trim() !== '' || m.domainRequired })}
                type="text"
                className="input"
                inputMode="url"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                placeholder="example.co.jp"
              />
              <button type="submit" className="button button--primary sd-add__submit">
                {mutation.isPending ? '追加中...' : '追加する'}
              </button>
            </div>
          )}
        </FormField>
      </fieldset>
    </form>
  );
}
