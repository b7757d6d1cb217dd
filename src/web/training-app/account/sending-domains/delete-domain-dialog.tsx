import { useMutation } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { domainMessages as m } from '../../../../common/messages';
import type { SendingDomain } from '../../../../common/sending-domains.schema';
import { AlertBox } from '../../../components/alert-box';
import { Dialog } from '../../../components/dialog';
import { deleteSendingDomain, domainErrorMessage } from './sending-domains-api';

/** Asks before deleting an added domain, saying what deleting it changes. */
export function DeleteDomainDialog({ domain, domainId, onClose, onDeleted }: {
  domain: SendingDomain;
  domainId: number;
  onClose: () => void;
  onDeleted: (message: string) => void;
}) {
  const id = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const mutation = useMutation({ mutationFn: () => deleteSendingDomain(domainId), onSuccess: onDeleted });

  return (
    <Dialog labelledBy={`${id}-title`} describedBy={`${id}-description`} onClose={onClose} initialFocus={cancelRef} preventClose={mutation.isPending}>
      <h2 id={`${id}-title`} className="dialog__title">
        {domain.display_domain} を削除しますか？
      </h2>
      <p id={`${id}-description`} className="dialog__description">
        削除すると、このドメインのメールアドレスには訓練メールを送信できなくなります。登録済みの受信者は削除されません。再び使うときは、追加し直してDNSでの確認をやり直してください。
      </p>
      {mutation.isError && (
        <AlertBox tone="error" title="削除できませんでした">
          <p>{domainErrorMessage(mutation.error, m.deleteFailed)}</p>
        </AlertBox>
      )}
      <div className="dialog__actions">
        <button ref={cancelRef} type="button" className="button button--secondary" onClick={onClose} disabled={mutation.isPending}>
          キャンセル
        </button>
        <button type="button" className="button button--danger" onClick={() => mutation.mutate()} disabled={mutation.isPending}>
          {mutation.isPending ? '削除中...' : '削除する'}
        </button>
      </div>
    </Dialog>
  );
}
