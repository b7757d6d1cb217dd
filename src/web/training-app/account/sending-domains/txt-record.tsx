import { CopyButton } from './copy-button';

/** The exact DNS record that proves a domain: where, which type and what value. */
export function TxtRecord({ name, value }: { name: string; value: string }) {
  return (
    <div className="sd-record">
      <p className="sd-record__intro">このドメインのDNS設定に、次のTXTレコードを追加してから「確認する」を押してください。</p>
      <dl className="sd-record__fields">
        <div className="sd-record__row">
          <dt>ホスト名</dt>
          <dd>
            <code className="sd-record__code">{name}</code>
            <CopyButton value={name} what="ホスト名" />
            <p className="sd-record__hint">DNSの管理画面によっては「@」または空欄（ドメインそのもの）で指定します。</p>
          </dd>
        </div>
        <div className="sd-record__row">
          <dt>種類</dt>
          <dd>
            <code className="sd-record__code">TXT</code>
          </dd>
        </div>
        <div className="sd-record__row">
          <dt>値</dt>
          <dd>
            <code className="sd-record__code sd-record__value">{value}</code>
            <CopyButton value={value} what="値" />
          </dd>
        </div>
      </dl>
      <p className="sd-record__hint">追加したレコードがDNSに反映されるまで、数分から数時間かかることがあります。</p>
    </div>
  );
}
