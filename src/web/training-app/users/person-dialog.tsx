import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { Link } from 'react-router';
import { type z } from 'zod';
import { trainingPaths } from '../../../common/training-routes';
import { personInputSchema, type Group, type Person, type PeopleUsage } from '../../../common/people.schema';
import { AlertBox } from '../../components/alert-box';
import { Dialog } from '../../components/dialog';
import { FormField } from '../../components/form-field';
import { applyServerFieldErrors } from '../account/server-field-errors';
import { SENDING_DOMAINS_ANCHOR } from '../account/sending-domains/sending-domains-section';
import { dashboardKey } from '../dashboard/dashboard-api';
import { GroupChoices } from './group-choices';
import { createPerson, peopleKeys, updatePerson } from './people-api';
import { useFocusAfterRequest } from './use-focus-after-request';
import { apiErrorMessage } from '../../lib/api-error-message';

const formSchema = personInputSchema.omit({ group_ids: true });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
const FIELDS = ['name', 'email', 'department'] as const;

type PersonDialogProps = {
  /** The person to edit; absent to add one. */
  person?: Person;
  groups: Group[];
  usage: PeopleUsage | undefined;
  onClose: (saved: Person | null) => void;
};

/** Add or edit one person; the server's 422 (duplicate address, unverified domain, …) lands on the field. */
export function PersonDialog({ person, groups, usage, onClose }: PersonDialogProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const editing = person !== undefined;
  const [groupIds, setGroupIds] = useState<number[]>(() => person?.groups.map((group) => group.group_id) ?? []);
  const [groupError, setGroupError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const focusAfter = useRef<(typeof FIELDS)[number] | 'failure' | null>(null);
  const { register, handleSubmit, setError, setFocus, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: person?.name ?? '', email: person?.email ?? '', department: person?.department ?? '' },
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const { errors } = formState;

  useEffect(() => setFocus('name'), [setFocus]);

  const mutation = useMutation({
    mutationFn: (values: FormOutput) => {
      const payload = { ...values, group_ids: groupIds };
      return person ? updatePerson(person.user_id, payload) : createPerson(payload);
    },
    onSuccess: async (saved) => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: peopleKeys.all }), queryClient.invalidateQueries({ queryKey: dashboardKey })]);
      onClose(saved);
    },
    onError: (error) => {
      const field = applyServerFieldErrors(error, [...FIELDS, 'group_ids'] as const, (name, detail) => {
        if (name === 'group_ids') setGroupError(detail.message);
        else setError(name, detail);
      });
      if (field) {
        focusAfter.current = field === 'group_ids' ? null : field;
        return;
      }
      setFailure(apiErrorMessage(error, editing ? '受講者の情報を更新できませんでした。時間をおいて再度お試しください。' : '受講者を登録できませんでした。時間をおいて再度お試しください。'));
      focusAfter.current = 'failure';
    },
  });
  const busy = mutation.isPending;

  useFocusAfterRequest(focusAfter, busy, setFocus, failureRef);

  const onValid = (values: FormOutput) => {
    setFailure(null);
    setGroupError(undefined);
    mutation.mutate(values);
  };
  const onInvalid = (invalid: FieldErrors<FormInput>) => {
    const first = FIELDS.find((field) => invalid[field]);
    if (first) setFocus(first);
  };

  const full = !editing && usage !== undefined && usage.max !== null && usage.registered >= usage.max;

  const emailHint = (
    <>
      訓練メールの送信先です。登録できるのは、確認済みの
      <Link to={`${trainingPaths.account}#${SENDING_DOMAINS_ANCHOR}`}>送信先ドメイン</Link>
      のアドレスです。
    </>
  );

  return (
    <Dialog labelledBy={`${id}-title`} onClose={() => onClose(null)} preventClose={busy} className="people-dialog">
      <h2 id={`${id}-title`} className="dialog__title">
        {editing ? '受講者の編集' : '受講者の追加'}
      </h2>
      {full && !failure && (
        <AlertBox tone="warning" live={false} title="登録人数が上限に達しています">
          <p>ご利用中のプランでは、これ以上登録できません。不要な受講者を削除するか、上位プランへのアップグレードをご検討ください。</p>
        </AlertBox>
      )}
      {failure && (
        <AlertBox ref={failureRef} tone="error" title={editing ? '更新できませんでした' : '登録できませんでした'}>
          <p>{failure}</p>
        </AlertBox>
      )}
      <form noValidate onSubmit={handleSubmit(onValid, onInvalid)} aria-busy={busy || undefined}>
        <fieldset className="ta-fieldset" disabled={busy}>
          <legend className="visually-hidden">受講者の情報</legend>
          <FormField label="氏名" required error={errors.name?.message}>
            {(control) => <input {...control} {...register('name')} type="text" className="input" autoComplete="off" />}
          </FormField>
          <FormField label="メールアドレス" required error={errors.email?.message} hint={emailHint}>
            {(control) => <input {...control} {...register('email')} type="email" className="input" autoComplete="off" inputMode="email" />}
          </FormField>
          <FormField label="部署" error={errors.department?.message}>
            {(control) => <input {...control} {...register('department')} type="text" className="input" autoComplete="off" placeholder="例：営業部" />}
          </FormField>
          <GroupChoices groups={groups} selected={groupIds} onChange={setGroupIds} error={groupError} />
          <div className="dialog__actions">
            <button type="button" className="button button--secondary" onClick={() => onClose(null)} disabled={busy}>
              キャンセル
            </button>
            <button type="submit" className="button button--primary">
              {busy ? '保存中...' : editing ? '変更を保存' : '登録する'}
            </button>
          </div>
        </fieldset>
      </form>
    </Dialog>
  );
}
