import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatReportDate } from '../../../../common/date-format';
import { domainMessages as m } from '../../../../common/messages';
import type { SendingDomain } from '../../../../common/sending-domains.schema';
import { AlertBox } from '../../../components/alert-box';
import { sendingDomainsKey, verifySendingDomain } from './sending-domains-api';
import { TxtRecord } from './txt-record';
import { apiErrorMessage } from '../../../lib/api-error-message';

/** One domain: its status, and for one not proved yet the record to add and the check. */
export function DomainItem({ domain, onDelete, onCheck }: { domain: SendingDomain; onDelete: (domain: SendingDomain) => void; onCheck: () => void }) {
  const queryClient = useQueryClient();
  const check = useMutation({
    mutationFn: verifySendingDomain,
    onSuccess: (result) => {
      queryClient.setQueryData<SendingDomain[]>(sendingDomainsKey, (domains) =>
        domains?.map((entry) => (entry.domain_id === result.domain.domain_id ? result.domain : entry)),
      );
    },
  });
  const isAdmin = domain.source === 'admin_address';
  const domainId = domain.domain_id;
  const shownAscii = domain.display_domain !== domain.domain;

  return (
    <li className={['sd-item', domain.verified ? 'sd-item--verified' : 'sd-item--pending'].join(' ')}>
      <div className="sd-item__head">
        <p className="sd-item__name">
          <span className="sd-item__domain">{domain.display_domain}</span>
          {shownAscii && <span className="sd-item__ascii">{domain.domain}</span>}
        </p>
        <p className="sd-item__badges">
          <span className={['status-badge', domain.verified ? 'status-badge--verified' : 'status-badge--pending'].join(' ')}>
            {domain.verified ? '確認済み' : '未確認'}
          </span>
          {isAdmin && <span className="sd-item__tag">管理者のドメイン</span>}
        </p>
        {domain.domain_id !== null && (
          <button type="button" className="button button--ghost button--small sd-item__delete" onClick={() => onDelete(domain)}>
            削除<span className="visually-hidden">（{domain.display_domain}）</span>
          </button>
        )}
      </div>
      {isAdmin && <p className="sd-item__note">管理者のメールアドレスのドメインのため、DNSでの確認は不要です。</p>}
      {!isAdmin && domain.verified && domain.verified_at && (
        <p className="sd-item__note">{formatReportDate(domain.verified_at)}にDNSで確認しました。</p>
      )}
      {check.isSuccess && (
        <AlertBox tone={check.data.result === 'verified' ? 'success' : 'warning'} title={check.data.result === 'verified' ? '確認できました' : 'まだ確認できません'}>
          <p>{check.data.message}</p>
        </AlertBox>
      )}
      {check.isError && (
        <AlertBox tone="error" title="確認できませんでした">
          <p>{apiErrorMessage(check.error, m.verifyFailed)}</p>
        </AlertBox>
      )}
      {!domain.verified && domain.txt_record && domainId !== null && (
        <>
          <TxtRecord name={domain.txt_record.name} value={domain.txt_record.value} />
          <div className="sd-item__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={check.isPending}
              onClick={() => {
                onCheck();
                check.mutate(domainId);
              }}
            >
              {check.isPending ? '確認中...' : '確認する'}
              <span className="visually-hidden">（{domain.display_domain}）</span>
            </button>
            {domain.last_checked_at && !check.isSuccess && (
              <span className="sd-item__checked">最終確認：{formatReportDate(domain.last_checked_at)}</span>
            )}
          </div>
        </>
      )}
    </li>
  );
}
