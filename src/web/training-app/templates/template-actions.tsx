import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Template } from '../../../common/templates.schema';
import { useAuthState } from '../../auth/auth-store';
import { AlertBox } from '../../components/alert-box';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { deleteTemplate, duplicateTemplate, templateKeys, testSendTemplate } from './templates-api';
import { apiErrorMessage } from '../../lib/api-error-message';

type Outcome = { tone: 'success' | 'error'; title: string; message: string };

/** 複製して編集, テスト送信, and 編集/削除 for the tenant's own templates. */
export function TemplateActions({ template }: { template: Template }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useAuthState();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const show = (next: Outcome) => {
    setOutcome(next);
    window.setTimeout(() => outcomeRef.current?.focus(), 0);
  };

  const duplicate = useMutation({
    mutationFn: () => duplicateTemplate(template.template_id),
    onSuccess: async (copy) => {
      await queryClient.invalidateQueries({ queryKey: templateKeys.all });
      queryClient.setQueryData(templateKeys.detail(copy.template_id), copy);
      await navigate(`/templates/${copy.template_id}/edit`);
    },
    onError: (error) => show({ tone: 'error', title: '複製できませんでした', message: apiErrorMessage(error, 'テンプレートを複製できませんでした。時間をおいて再度お試しください。') }),
  });
  const testSend = useMutation({
    mutationFn: () => testSendTemplate(template.template_id),
    onSuccess: (sent) =>
      show({
        tone: 'success',
        title: 'テストメールを送信しました',
        message: `${sent.to || user?.email || 'ご登録のメールアドレス'} の受信トレイをご確認ください。届くまで数分かかることがあります。`,
      }),
    onError: (error) => show({ tone: 'error', title: 'テスト送信できませんでした', message: apiErrorMessage(error, 'テストメールを送信できませんでした。時間をおいて再度お試しください。') }),
  });
  const busy = duplicate.isPending || testSend.isPending;

  return (
    <div className="tpl-actions">
      <div className="tpl-actions__buttons">
        <button type="button" className="button button--primary" onClick={() => duplicate.mutate()} disabled={busy}>
          {duplicate.isPending ? '複製中...' : '複製して編集'}
        </button>
        <button type="button" className="button button--secondary" onClick={() => testSend.mutate()} disabled={busy}>
          {testSend.isPending ? '送信中...' : 'テスト送信'}
        </button>
        {!template.is_builtin && (
          <>
            <Link to={`/templates/${template.template_id}/edit`} className="button button--secondary">
              編集
            </Link>
            <button type="button" className="button button--danger-outline" onClick={() => setConfirmDelete(true)} disabled={busy}>
              削除
            </button>
          </>
        )}
      </div>
      <p className="tpl-actions__note">テスト送信は、ログイン中のあなた宛てに送られます（月間の送信数には含まれません）。</p>
      {outcome && (
        <AlertBox ref={outcomeRef} tone={outcome.tone} title={outcome.title}>
          <p>{outcome.message}</p>
        </AlertBox>
      )}
      {confirmDelete && <DeleteDialog template={template} onClose={() => setConfirmDelete(false)} />}
    </div>
  );
}

function DeleteDialog({ template, onClose }: { template: Template; onClose: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <ConfirmDialog
      title="テンプレートを削除しますか？"
      confirmLabel="削除する"
      busyLabel="削除中..."
      failureMessage="テンプレートを削除できませんでした。時間をおいて再度お試しください。"
      action={() => deleteTemplate(template.template_id)}
      onDone={async () => {
        queryClient.removeQueries({ queryKey: templateKeys.detail(template.template_id) });
        await queryClient.invalidateQueries({ queryKey: templateKeys.all });
        await navigate('/templates', { replace: true });
      }}
      onCancel={onClose}
    >
      「{template.name}」を削除します。削除したテンプレートは元に戻せません。
    </ConfirmDialog>
  );
}
