import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { domainMessages as m } from '../../../../common/messages';
import type { SendingDomain } from '../../../../common/sending-domains.schema';
import { AlertBox } from '../../../components/alert-box';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { Spinner } from '../../../components/spinner';
import { AddDomainForm } from './add-domain-form';
import { DeleteDomainDialog } from './delete-domain-dialog';
import { DomainItem } from './domain-item';
import { fetchSendingDomains, sendingDomainsKey } from './sending-domains-api';

/** The id other screens link to (`/account#sending-domains`), e.g. from a refusal to register a person. */
export const SENDING_DOMAINS_ANCHOR = 'sending-domains';

/**
 * Issue 10 part 2: the domains the tenant may send training mail to. The administrator's own
 * domain counts at once; others are proved with a DNS TXT record shown here.
 */
export function SendingDomainsSection() {
  const headingId = useId();
  const queryClient = useQueryClient();
  const domains = useQuery({ queryKey: sendingDomainsKey, queryFn: ({ signal }) => fetchSendingDomains(signal) });
  const [notice, setNotice] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ domain: SendingDomain; domainId: number } | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const loaded = !domains.isPending;

  // A link to /account#sending-domains (e.g. from a refusal to register a person) lands here once
  // the list has its height; the browser's own jump ran before this lazily loaded screen existed.
  useEffect(() => {
    if (loaded && window.location.hash === `#${SENDING_DOMAINS_ANCHOR}`) sectionRef.current?.scrollIntoView({ block: 'start' });
  }, [loaded]);

  const announce = (message: string) => {
    setNotice(message);
    window.setTimeout(() => noticeRef.current?.focus({ preventScroll: false }), 0);
  };

  const onAdded = (added: SendingDomain) => {
    queryClient.setQueryData<SendingDomain[]>(sendingDomainsKey, (current) => [...(current ?? []), added]);
    announce(m.added(added.display_domain));
  };

  const onDeleted = (message: string) => {
    const gone = deleting?.domainId;
    queryClient.setQueryData<SendingDomain[]>(sendingDomainsKey, (current) => current?.filter((entry) => entry.domain_id !== gone));
    setDeleting(null);
    announce(message);
  };

  return (
    <section ref={sectionRef} id={SENDING_DOMAINS_ANCHOR} className="card sd-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="ta-form-card__title">
        送信先ドメイン
      </h2>
      <p className="ta-form-card__lead">
        訓練メールは、確認済みのドメインのメールアドレスにだけ送信できます。管理者のメールアドレスのドメインは最初から使えます（フリーメール・携帯キャリアのドメインを除く）。そのほかのドメインは、DNSにTXTレコードを追加して、貴社が管理していることを確認してください。
      </p>
      {notice && (
        <AlertBox ref={noticeRef} tone="success">
          <p>{notice}</p>
        </AlertBox>
      )}
      {domains.isPending ? (
        <Spinner label="送信先ドメインを読み込み中..." />
      ) : domains.isError ? (
        <LoadErrorAlert title="読み込めませんでした" error={domains.error} fallback={m.loadFailed} onRetry={() => void domains.refetch()} />
      ) : domains.data.length === 0 ? (
        <p className="sd-empty">送信先ドメインはまだありません。訓練メールを送る相手のドメインを追加してください。</p>
      ) : (
        <ul className="sd-list">
          {domains.data.map((domain) => (
            <DomainItem
              key={domain.domain_id ?? `admin:${domain.domain}`}
              domain={domain}
              // The result of a check replaces an earlier "added" or "deleted" notice.
              onCheck={() => setNotice(null)}
              onDelete={(target) => {
                if (target.domain_id !== null) setDeleting({ domain: target, domainId: target.domain_id });
              }}
            />
          ))}
        </ul>
      )}
      <AddDomainForm onAdded={onAdded} />
      {deleting && <DeleteDomainDialog domain={deleting.domain} domainId={deleting.domainId} onClose={() => setDeleting(null)} onDeleted={onDeleted} />}
    </section>
  );
}
