/**
 * Why a tracking request did not count (issue 11, "Scanner and bot filtering"), in the words an
 * administrator reads in a recipient's timeline. The server's judge (features/tracking/scanner-filter.ts)
 * picks the reason and its detail; this file only words them, so the server and the browser say the same.
 */
export const NOT_COUNTED_REASONS = [
  'non_get',
  'scanner_agent',
  'scanner_referrer',
  'too_early',
  'honeypot',
  'after_honeypot',
  'shared_ip',
  'no_user_agent',
] as const;
export type NotCountedReason = (typeof NOT_COUNTED_REASONS)[number];

/** What kind of software a known scanner is; it decides how its access is described. */
export const SCANNER_CATEGORIES = ['mail_security', 'mail_service', 'link_preview', 'http_client', 'automation', 'crawler', 'implausible'] as const;
export type ScannerCategory = (typeof SCANNER_CATEGORIES)[number];

/** The facts a reason is worded from; stored beside the event, so every field is optional when read back. */
export interface NotCountedDetail {
  /** too_early: whole seconds between delivery and the request. */
  seconds?: number;
  /** scanner_agent / scanner_referrer: the product's name as shown (from scanner-signatures.ts). */
  product?: string;
  /** scanner_agent: what kind of software the product is. */
  category?: ScannerCategory;
  /** shared_ip: recipients clicked from the address within the window, this one included. */
  recipients?: number;
  /** non_get: the HTTP method. */
  method?: string;
}

const SCANNER_AGENT_WORDING: Record<ScannerCategory, (product: string) => string> = {
  mail_security: (product) => `${product}によるアクセス（メールセキュリティ製品による自動検査と判定）`,
  mail_service: (product) => `${product}によるアクセス（メールソフト・メールサービスによる自動取得と判定）`,
  link_preview: (product) => `${product}のリンクプレビューによるアクセス（プレビュー表示のための自動取得と判定）`,
  http_client: (product) => `${product}によるアクセス（ブラウザではないプログラムによる自動アクセスと判定）`,
  automation: (product) => `${product}によるアクセス（プログラムで操作されたブラウザと判定）`,
  crawler: (product) => `巡回プログラム（${product}）によるアクセス（自動アクセスと判定）`,
  implausible: (product) => `${product}を名乗るアクセス（現在は使われていないブラウザ情報のため自動検査と判定）`,
};

/** One reason in Japanese, e.g. 「配信から3秒後のアクセス（メールセキュリティ製品による自動検査と判定）」. */
export function notCountedReasonText(reason: NotCountedReason, detail: NotCountedDetail): string {
  switch (reason) {
    case 'non_get':
      return `${detail.method ? `${detail.method.toUpperCase()}リクエスト` : 'GET以外のリクエスト'}（リンクの自動確認と判定）`;
    case 'scanner_agent': {
      const product = detail.product ?? '既知の自動検査ツール';
      return detail.category ? SCANNER_AGENT_WORDING[detail.category](product) : `${product}によるアクセス（自動アクセスと判定）`;
    }
    case 'scanner_referrer':
      return `${detail.product ?? 'メールセキュリティ製品'}を経由したアクセス（メールセキュリティ製品による自動検査と判定）`;
    case 'too_early':
      return `${detail.seconds === undefined ? '配信直後' : `配信から${detail.seconds}秒後`}のアクセス（メールセキュリティ製品による自動検査と判定）`;
    case 'honeypot':
      return '人には見えない確認用リンクへのアクセス（自動検査と判定）';
    case 'after_honeypot':
      return '人には見えない確認用リンクに続いて同じIPアドレスから行われたアクセス（自動検査と判定）';
    case 'shared_ip':
      return `同じIPアドレスから短時間に${detail.recipients === undefined ? '複数' : `${detail.recipients}`}名分のアクセス（自動検査の可能性があるため保留）`;
    case 'no_user_agent':
      return 'ブラウザ情報のないアクセス（プログラムによる自動アクセスと判定）';
  }
}

/** For the campaign page: why some accesses are not counted, and how allow-listing prevents them. */
export const SCANNER_FILTER_EXPLANATION =
  '訓練メールのリンクは、受信者が開く前に、メールセキュリティ製品（Microsoft Defender の Safe Links など）やチャットのリンクプレビューによって自動で開かれることがあります。' +
  'これを開封やクリックとして数えると、誰もクリックしていないのに結果が悪く見えてしまうため、すべてのアクセスを記録したうえで、人によるものと判断できたアクセスだけを集計しています。' +
  '配信直後のクリック、既知の検査製品やプログラムからのアクセス、人には見えない確認用リンクへのアクセスなどは集計に含めず、その理由を受信者ごとの履歴に表示します。' +
  'なお、同じIPアドレスから短時間に複数名分のクリックがあった場合はいったん保留とし、ブラウザでの表示が確認できた時点で集計します。' +
  '自動検査そのものは、Microsoft 365 の「高度な配信」ポリシー（フィッシング シミュレーション）や Google Workspace などの許可リストに、訓練メールの送信ドメイン、送信元IPアドレス、リンクのURLを登録することで防げます。登録しておくと、より正確な結果を得られます。';
