import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { type z } from 'zod';
import { GROUP_NAME_MAX_LENGTH, groupInputSchema, type Group } from '../../../common/people.schema';
import { AlertBox } from '../../components/alert-box';
import { Dialog } from '../../components/dialog';
import { FormField } from '../../components/form-field';
import { applyServerFieldErrors } from '../account/server-field-errors';
import { createGroup, peopleKeys, renameGroup } from './people-api';
import { useFocusAfterRequest } from './use-focus-after-request';
import { apiErrorMessage } from '../../lib/api-error-message';

type FormInput = z.input<typeof groupInputSchema>;
type FormOutput = z.output<typeof groupInputSchema>;

/** Create a group, or rename one (`group` given). */
export function GroupDialog({ group, onClose }: { group?: Group; onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const renaming = group !== undefined;
  const [failure, setFailure] = useState<string | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const focusAfter = useRef<'name' | 'failure' | null>(null);
  const { register, handleSubmit, setError, setFocus, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(groupInputSchema),
    defaultValues: { name: group?.name ?? '' },
    reValidateMode: 'onChange',
  });

  useEffect(() => setFocus('name', { shouldSelect: renaming }), [setFocus, renaming]);

  const mutation = useMutation({
    mutationFn: ({ name }: FormOutput) => (group ? renameGroup(group.group_id, name) : createGroup(name)),
    onSuccess: async () => {
      // Member lists show group names, so a rename refreshes them too.
      await queryClient.invalidateQueries({ queryKey: peopleKeys.all });
      onClose();
    },
    onError: (error) => {
      if (applyServerFieldErrors(error, ['name'] as const, setError)) {
        focusAfter.current = 'name';
        return;
      }
      setFailure(apiErrorMessage(error, 'グループを保存できませんでした。時間をおいて再度お試しください。'));
      focusAfter.current = 'failure';
    },
  });
  const busy = mutation.isPending;

  useFocusAfterRequest(focusAfter, busy, setFocus, failureRef);

  return (
    <Dialog labelledBy={`${id}-title`} onClose={onClose} preventClose={busy}>
      <h2 id={`${id}-title`} className="dialog__title">
        {renaming ? 'グループ名の変更' : 'グループの作成'}
      </h2>
      {failure && (
        <AlertBox ref={failureRef} tone="error">
          <p>{failure}</p>
        </AlertBox>
      )}
      <form
        noValidate
        onSubmit={handleSubmit((values) => {
          setFailure(null);
          mutation.mutate(values);
        })}
        aria-busy={busy || undefined}
      >
        <fieldset className="ta-fieldset" disabled={busy}>
          <legend className="visually-hidden">グループ</legend>
          <FormField label="グループ名" required error={formState.errors.name?.message} hint={`部署やチームの名前など（${GROUP_NAME_MAX_LENGTH}文字以内）`}>
            {(control) => <input {...control} {...register('name')} type="text" className="input" autoComplete="off" placeholder="例：営業部" />}
          </FormField>
          <div className="dialog__actions">
            <button type="button" className="button button--secondary" onClick={onClose}>
              キャンセル
            </button>
            <button type="submit" className="button button--primary">
              {busy ? '保存中...' : renaming ? '変更を保存' : '作成する'}
            </button>
          </div>
        </fieldset>
      </form>
    </Dialog>
  );
}
