import { domainMessages as m } from '../../../../common/messages';
import type { SendingDomain } from '../../../../common/sending-domains.schema';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { deleteSendingDomain } from './sending-domains-api';

/** Asks before deleting an added domain, saying what deleting it changes. */
export function DeleteDomainDialog({ domain, domainId, onClose, onDeleted }: {
  domain: SendingDomain;
  domainId: number;
  onClose: () => void;
  onDeleted: (message: string) => void;
}) {
  return (
    <ConfirmDialog
      title={`${domain.display_domain} を削除しますか？`}
      confirmLabel="削除する"
      busyLabel="削除中..."
      failureTitle="削除できませんでした"
      failureMessage={m.deleteFailed}
      action={() => deleteSendingDomain(domainId)}
      onDone={onDeleted}
      onCancel={onClose}
    >
      削除すると、このドメインのメールアドレスには訓練メールを送信できなくなります。登録済みの受信者は削除されません。再び使うときは、追加し直してDNSでの確認をやり直してください。
    </ConfirmDialog>
  );
}
