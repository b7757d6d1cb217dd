import { trainingPaths } from '../../../common/training-routes';
import { html, type SafeHtml } from '../../lib/html';

/**
 * The text of the allow-list guide (/help/allow-list), as sections of markup built from the
 * operator's real values. Product facts follow the vendors' own documentation (Microsoft Learn
 * "Configure the advanced delivery policy for third-party phishing simulations", Google Workspace
 * Admin Help "Add IP addresses to allowlists in Gmail"); where a label differs by edition or
 * version the text says so instead of guessing. Layout rules live in src/web/styles/help-article.css.
 */

/** What a mail gateway must be told about this installation's training mail. */
export interface AllowListValues {
  /** TRAINING_MAIL_DOMAIN: the domain of every training sender address. */
  sendingDomain: string;
  /** TRAINING_MAIL_SENDING_IPS; empty when the operator has not set them. */
  sendingIps: readonly string[];
  /** Every simulation link, as gateways write a URL pattern: https://host/t/* */
  linkPattern: string;
  /** The same links in Microsoft's Tenant Allow/Block List syntax (no scheme, no port): host/t/* */
  defenderUrlEntry: string;
  /** The header every training mail carries, `NAME: VALUE`. */
  header: string;
  /** TRACKING_MIN_CLICK_DELAY_S: a click sooner than this after delivery is taken for a scanner. */
  minClickDelaySeconds: number;
}

export interface GuideSection {
  id: string;
  title: string;
  body: SafeHtml;
}

/** A value to type into a product's settings; selected whole by one click (help-article.css). */
export const code = (value: string): SafeHtml => html`<code class="help-code">${value}</code>`;

/** A label as the product shows it on screen. */
const ui = (label: string): SafeHtml => html`<span class="help-ui">「${label}」</span>`;

/** A menu path: 「アプリ」＞「Google Workspace」＞ … */
const uiPath = (...labels: string[]): SafeHtml =>
  html`<span class="help-path">${labels.map((label, index) => html`${index > 0 ? html`<span class="help-path__sep" aria-hidden="true">＞</span>` : ''}${ui(label)}`)}</span>`;

const link = (href: string, label: string): SafeHtml => html`<a class="help-link" href="${href}">${label}</a>`;

const externalLink = (href: string): SafeHtml => html`<a class="help-link" href="${href}" target="_blank" rel="noopener noreferrer">${href}</a>`;

const steps = (items: SafeHtml[]): SafeHtml => html`<ol class="help-steps">${items.map((item) => html`<li class="help-steps__item">${item}</li>`)}</ol>`;

const bullets = (items: SafeHtml[]): SafeHtml => html`<ul class="help-bullets">${items.map((item) => html`<li>${item}</li>`)}</ul>`;

const subheading = (text: string): SafeHtml => html`<h3 class="help-section__subheading">${text}</h3>`;

/** The same markup as the client's AlertBox (feedback.css), static: not announced. */
function callout(tone: 'info' | 'warning', title: string, body: SafeHtml): SafeHtml {
  return html`<div class="alert alert--${tone} help-callout"><span class="alert__icon" aria-hidden="true">${tone === 'warning' ? '!' : 'i'}</span><div class="alert__text"><p class="alert__title">${title}</p><div class="alert__body">${body}</div></div></div>`;
}

/** Where a step sends the reader when the operator has not set the sending IPs. */
const ipsMissingHint = (): SafeHtml =>
  html`この環境ではまだ送信元 IP アドレスが設定されていません。確認のしかたは「${link('#allow-list-values', 'この環境の設定値')}」をご覧ください。`;

/** Where to find the sending IPs when the operator has not set them (the values panel says it in full). */
export const SENDING_IPS_MISSING =
  'この環境ではまだ設定されていません。キヅキの運用担当者にお問い合わせいただくか、訓練メールの送信に使っている SMTP リレー（メール配信サービス）の管理画面で、送信元の IP アドレスをご確認ください。';

/** The configured sending IPs in a sentence: 203.0.113.10、198.51.100.0/28 */
const inlineIps = (values: AllowListValues): SafeHtml => html`${values.sendingIps.map((ip, index) => html`${index > 0 ? '、' : ''}${code(ip)}`)}`;

function whySection(): SafeHtml {
  return html`<p>多くのメールセキュリティ製品は、届いたメールのリンクを受信者より先に開いて、安全かどうかを確かめます。訓練メールは本物のフィッシングメールに似せて作られているため、許可リストに登録していないと次のようなことが起こります。</p>
${bullets([
  html`<strong>自動検査によるクリック：</strong>製品がリンクを開いたアクセスが、受信者本人のクリックのように記録されます。誰も開いていないのに、全員がクリックしたように見えることもあります。`,
  html`<strong>迷惑メール・隔離への振り分け：</strong>訓練メールが迷惑メールフォルダーや隔離に入り、受信者に届きません。届かなかった方は「開封していない人」として集計されるため、結果が実際より良く見えてしまいます。`,
  html`<strong>警告の表示：</strong>届いても強い警告が付いていると、ふだんのメールと同じ状況での訓練になりません。`,
])}
<p>許可リストへの登録は、これらを起きる前に防ぐための設定です。対象はキヅキの訓練メールに限られ、ほかのメールに対する保護はそのまま働きます。</p>`;
}

function microsoftSection(values: AllowListValues): SafeHtml {
  const ipStep =
    values.sendingIps.length > 0
      ? html`${ui('送信 IP')}に、送信元 IP アドレス ${inlineIps(values)} を1つずつ入力し、Enter キーを押します。`
      : html`${ui('送信 IP')}に、訓練メールの送信元 IP アドレスを入力し、Enter キーを押します（この欄は入力が必須です）。${ipsMissingHint()}`;
  return html`<p>Microsoft 365 では、Microsoft Defender ポータルの「高度な配信」に訓練メールを登録します。他社製のフィッシング シミュレーション（訓練メール）のために Microsoft が用意している設定です。登録したメールは迷惑メール・フィッシングの判定や ZAP（配信後の自動削除）の対象外になり、メール内のリンクもクリック時にブロックや検査（デトネーション）を受けなくなります。</p>
<p class="help-note">必要な権限：Defender ポータルの「セキュリティ管理者」と Exchange Online の「組織の管理」の両方の役割グループ、または Microsoft Entra ID の「セキュリティ管理者」ロール。</p>
${steps([
  html`Microsoft Defender ポータル（${externalLink('https://security.microsoft.com')}）にサインインします。`,
  html`${uiPath('メールとコラボレーション', 'ポリシーとルール', '脅威ポリシー')}を開き、「ルール」にある${ui('高度な配信')}を選びます。${externalLink('https://security.microsoft.com/advanceddelivery')} から直接開くこともできます。`,
  html`${ui('フィッシング シミュレーション')}タブを選び、${ui('追加')}を選びます。すでに登録済みの項目がある場合は${ui('編集')}を選びます。`,
  html`${ui('ドメイン')}に ${code(values.sendingDomain)} を入力し、Enter キーを押します。`,
  html`${ipStep}入力できるのは IPv4 アドレスで、1つのアドレス、範囲（例：192.0.2.1-192.0.2.20）、CIDR 形式（例：192.0.2.0/28）のいずれかです。`,
  html`（任意）${ui('許可するシミュレーション URL')}に ${code(values.defenderUrlEntry)} を入力し、Enter キーを押します。`,
  html`${ui('追加')}（編集した場合は${ui('保存')}）を選び、確認の画面で${ui('閉じる')}を選びます。`,
])}
${callout(
  'info',
  '「許可するシミュレーション URL」について',
  html`<p>Microsoft の説明では、メールで届く訓練のリンクは、ドメインと送信 IP が一致したメールであれば自動的に許可されるため、この欄は必須ではありません。Teams のメッセージや Office 文書に訓練用のリンクを載せる場合に使う欄です。入力しておいても問題はありません。</p>`,
)}
${callout(
  'info',
  'リンクの書き換え（Safe Links）について',
  html`<p>Safe Links を有効にしている場合、登録後も訓練メールのリンクは safelinks.protection.outlook.com の URL に書き換えられます。書き換えられたリンクはブロックも検査もされないため、このままで問題ありません。</p><p>Safe Links ポリシーの「書き換えない URL」の一覧に訓練用の URL を追加すると、不要なアラートの原因になることがあるため、おすすめしません。</p>`,
)}
${callout(
  'warning',
  '反映までの時間と、表示について',
  html`<p>設定の反映には時間がかかることがあります。保存してから1時間ほどおいて、テスト送信で確認してください。</p><p>登録したメールにも、Outlook の「外部」タグや、初めてやり取りする相手であることを知らせる表示などは出ることがあります。通常の表示で、配信や結果の集計には影響しません。</p>`,
)}
${subheading('うまく一致しないとき')}
${bullets([
  html`<strong>ドメインが一致しない：</strong>SMTP リレーサービスによっては、エンベロープの送信者（Return-Path）が別のドメインに書き換えられます。テスト送信で受け取ったメールのヘッダーを開き、Authentication-Results の smtp.mailfrom、または DKIM 署名の d= に表示されるドメインも${ui('ドメイン')}に追加してください。`,
  html`<strong>Microsoft 365 の前に別のゲートウェイがある（MX レコードが Microsoft 365 以外を指している）：</strong>Microsoft 365 から見た送信元が、訓練メールの送信元 IP アドレスになりません。Exchange Online のコネクタで「コネクタの拡張フィルター（Enhanced Filtering for Connectors）」を設定してください。ゲートウェイ自体の IP アドレスを${ui('送信 IP')}に登録すると、訓練メールのドメインを詐称したメールまで素通りするため、登録しないでください。`,
])}`;
}

function googleSection(values: AllowListValues): SafeHtml {
  return html`<p>Google Workspace では、Gmail の管理設定を組み合わせて訓練メールを許可します。エディションや管理コンソールの表示言語によって、項目の名前や有無が異なることがあります。項目が見つからない場合は、管理コンソール上部の検索欄で設定名を検索してください。</p>
<p class="help-note">必要な権限：Gmail の設定を変更できる管理者（特権管理者など）。</p>
${subheading('送信元 IP アドレスを「メールの許可リスト」に登録する')}
${steps([
  html`Google 管理コンソール（${externalLink('https://admin.google.com')}）に管理者アカウントでログインします。`,
  html`${uiPath('アプリ', 'Google Workspace', 'Gmail', '迷惑メール、フィッシング、不正なソフトウェア')}を開きます。`,
  html`左側で最上位の組織部門（通常はお使いのドメイン）を選びます。メールの許可リストは、常にドメイン全体に適用されます。`,
  values.sendingIps.length > 0
    ? html`${ui('メールの許可リスト')}を開き、送信元 IP アドレス ${inlineIps(values)} を入力します。複数の値はカンマで区切ります（CIDR 形式の範囲も使えます）。`
    : html`${ui('メールの許可リスト')}を開き、訓練メールの送信元 IP アドレスを入力します。複数の値はカンマで区切ります（CIDR 形式の範囲も使えます）。${ipsMissingHint()}`,
  html`${ui('保存')}を選びます。`,
])}
${callout(
  'warning',
  '反映までの時間と、警告バナーについて',
  html`<p>変更が反映されるまで、最大で24時間ほどかかることがあります。</p><p>IP アドレスを許可リストに登録したメールにも、注意を促す Gmail の警告バナーが表示されることがあります。警告を出さないようにするには、次の迷惑メール設定もあわせて行ってください。</p>`,
)}
${subheading('送信ドメインを迷惑メール設定の「承認済み送信者」にする')}
${steps([
  html`同じ${ui('迷惑メール、フィッシング、不正なソフトウェア')}の画面で、${ui('迷惑メール')}の設定を開き、設定を追加します（既存の設定がある場合は編集します）。`,
  html`「キヅキ 訓練メール」など、分かりやすい名前を付けます。`,
  html`承認済み送信者のリストに含まれる送信者からのメールについて、迷惑メールフィルタをバイパスする項目にチェックを入れます。警告も表示しないようにする項目がある場合は、そちらを選びます。`,
  html`承認済み送信者のリストを作成（または編集）し、送信ドメイン ${code(values.sendingDomain)} を追加します。送信者の認証に関する項目がある場合は、認証を求める状態のままにしてください。SPF や DKIM で認証されたメールだけが対象になり、ドメインを詐称したメールは素通りしません。`,
  html`${ui('保存')}を選びます。`,
])}
${subheading('ほかのゲートウェイを経由して Gmail に届く場合（受信ゲートウェイ）')}
<p>Gmail の前に別のメールゲートウェイを置いている場合は、同じ画面の${ui('受信ゲートウェイ')}に、そのゲートウェイの IP アドレスが登録されているかを確認してください。登録がないと Gmail はゲートウェイを送信元とみなすため、メールの許可リストに登録した IP アドレスと一致しません。訓練メールの送信元 IP アドレスは、受信ゲートウェイには登録しないでください。</p>
${subheading('配信前のスキャンと「安全性」の設定について')}
<p>Gmail には、リンクや添付ファイルを詳しく調べる設定（「リンクと外部画像」「配信前のメッセージ スキャンの強化」など）があります。設定の場所は${ui('安全性')}や${ui('迷惑メール、フィッシング、不正なソフトウェア')}など、エディションや時期によって異なります。これらの検査によって訓練メールのリンクが自動で開かれたり、配信が少し遅れたりすることがあります。</p>
<p>これらは組織全体を守る設定のため、訓練のためにオフにすることはおすすめしません。検査によるアクセスは、キヅキが判定して集計から除外します（${link('#allow-list-kizuki', 'キヅキ側での判定')}をご覧ください）。</p>`;
}

function gatewaySection(values: AllowListValues): SafeHtml {
  return html`<p>Proofpoint、Mimecast、トレンドマイクロなどのメールゲートウェイをお使いの場合も、設定する内容は同じです。機能の名前は製品やバージョンによって異なるため、詳しい手順は各製品のマニュアルをご確認ください。</p>
${steps([
  html`<strong>送信元を許可する：</strong>送信ドメイン ${code(values.sendingDomain)} と送信元 IP アドレスを、迷惑メール・なりすまし判定の許可リストに登録します。ドメインだけを許可すると詐称されたメールも通ってしまうため、IP アドレスや送信ドメイン認証（SPF・DKIM）と組み合わせてください。`,
  html`<strong>リンクを書き換え・検査の対象から外す：</strong>訓練用のリンク ${code(values.linkPattern)} を、URL の書き換え（リライト）、クリック時の検査、サンドボックスでの検査の対象から外します。`,
  html`<strong>識別用ヘッダーを使う（任意）：</strong>ヘッダーを条件にしたルールを作れる製品では、${code(values.header)} を条件に加えられます。ヘッダーは誰でも付けられるため、必ず送信元 IP アドレスなどの条件と組み合わせてください。`,
])}
<dl class="help-products">
<div class="help-products__row"><dt class="help-products__name">Proofpoint</dt><dd class="help-products__hint">URL Defense（リンクを urldefense.com の URL に書き換える機能）の除外と、送信元の許可リスト</dd></div>
<div class="help-products__row"><dt class="help-products__name">Mimecast</dt><dd class="help-products__hint">URL Protect（Targeted Threat Protection）の除外と、許可する送信者（Permitted Senders）のポリシー</dd></div>
<div class="help-products__row"><dt class="help-products__name">トレンドマイクロ</dt><dd class="help-products__hint">承認済み送信者と、Web レピュテーション・クリック時の保護（Time-of-Click Protection）・仮想アナライザ（サンドボックス）の除外</dd></div>
</dl>`;
}

function kizukiSection(values: AllowListValues): SafeHtml {
  return html`<p>許可リストに登録できない場合や、登録後も検査が行われる場合に備えて、キヅキは訓練メールへのアクセスを1件ずつ判定しています。自動検査と判定したアクセスも記録には残しますが、開封数・クリック数には含めません。集計しなかった理由は、キャンペーン画面で各受信者のタイムラインに表示されます（例：「配信から3秒後のアクセス（メールセキュリティ製品による自動検査と判定）」）。</p>
<p>自動検査と判定する主なアクセスは次のとおりです。</p>
${bullets([
  html`配信から${values.minClickDelaySeconds}秒未満のクリック`,
  html`メールセキュリティ製品やリンクのプレビューに特有のアクセス（Safe Links、URL Defense、Mimecast など）`,
  html`ページを表示しない HEAD などのリクエスト`,
  html`人には見えない確認用のリンクへのアクセス`,
  html`同じ接続元から、短い時間に複数の受信者分のアクセス`,
])}
<p>判定には限界もあります。できるだけ正確な結果を得るために、許可リストへの登録をおすすめします。</p>`;
}

function testSection(values: AllowListValues): SafeHtml {
  return html`${steps([
  html`キヅキの「${link(trainingPaths.templates, 'テンプレート')}」画面で訓練に使うテンプレートを開き、${ui('テスト送信')}を選びます。テストメールは、ログイン中の管理者のアドレスに届きます（月間の送信数には含まれません）。`,
  html`メールが受信トレイに届くことを確認します。迷惑メールフォルダーや隔離に入っていないかも確認してください。`,
  html`メール内のリンクにマウスポインターを重ね（スマートフォンでは長押しし）、URL が ${code(values.linkPattern)} の形のままであることを確認します。Microsoft 365 で Safe Links を有効にしている場合は safelinks.protection.outlook.com の URL に書き換えられますが、前述のとおり問題ありません。`,
  html`メールのヘッダー（「メッセージのソースを表示」など）に ${code(values.header)} が含まれていることを確認します。Microsoft 365 では、Defender ポータルのエクスプローラーで、このメールのシステム上書きのソースが「フィッシング シミュレーション」になっていることでも確認できます。`,
])}
${callout(
  'info',
  'うまくいかないときは',
  html`<p>設定の反映を待ってから（Microsoft 365 は1時間ほど、Google Workspace は最大24時間ほど）、もう一度お試しください。それでも届かない場合は、受け取ったメールのヘッダーにある送信元 IP アドレスとドメインが、登録した値と一致しているかを確認してください。</p>`,
)}`;
}

function checklistSection(values: AllowListValues): SafeHtml {
  const items = [
    html`送信ドメイン ${code(values.sendingDomain)} と送信元 IP アドレスを確認した`,
    html`Microsoft 365：「高度な配信」の「フィッシング シミュレーション」に、ドメインと送信 IP を登録した`,
    html`Google Workspace：「メールの許可リスト」に送信元 IP アドレスを、迷惑メール設定の承認済み送信者に送信ドメインを登録した`,
    html`そのほかのゲートウェイ：送信元を許可し、訓練用のリンクを書き換え・サンドボックスの対象から外した`,
    html`テスト送信で、メールが受信トレイに届き、リンクが ${code(values.linkPattern)} の形のまま（Microsoft 365 では Safe Links の書き換えのみ）であることを確認した`,
  ];
  return html`<p>お使いの製品に当てはまる項目を確認してください。チェックはこの画面の中だけのもので、保存はされません。</p>
<ul class="help-checklist">${items.map(
    (item, index) =>
      html`<li class="help-checklist__item"><input class="help-checklist__box" type="checkbox" id="allow-list-check-${index + 1}"><label class="help-checklist__label" for="allow-list-check-${index + 1}">${item}</label></li>`,
  )}</ul>
<p>設定が済んだら、${link(trainingPaths.campaigns, 'キャンペーン')}から訓練を始めましょう。</p>`;
}

/** The guide's sections in reading order; the ids are the anchors of the table of contents. */
export function allowListGuideSections(values: AllowListValues): GuideSection[] {
  return [
    { id: 'allow-list-why', title: 'なぜ設定が必要なのか', body: whySection() },
    { id: 'allow-list-microsoft', title: 'Microsoft 365（Microsoft Defender の「高度な配信」）', body: microsoftSection(values) },
    { id: 'allow-list-google', title: 'Google Workspace（Gmail）', body: googleSection(values) },
    { id: 'allow-list-gateways', title: 'そのほかのメールゲートウェイ', body: gatewaySection(values) },
    { id: 'allow-list-kizuki', title: 'キヅキ側での判定', body: kizukiSection(values) },
    { id: 'allow-list-test', title: 'テスト送信で確認する', body: testSection(values) },
    { id: 'allow-list-checklist', title: 'チェックリスト', body: checklistSection(values) },
  ];
}
