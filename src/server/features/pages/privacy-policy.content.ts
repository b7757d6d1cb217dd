import {
  DELETE_LOCK_MS,
  DELETE_MAX_WRONG_ATTEMPTS,
  DELETE_PASSWORD_LENGTH,
  SCREENSHOT_ORIGINAL_RETENTION_DAYS,
} from '../../../common/limits';
import { html, type SafeHtml } from '../../lib/html';

/**
 * The individual privacy policy (SPEC §2.1 /privacy) as data: articles in order, each with its
 * paragraphs (項) and items (号). Article numbers are derived from ARTICLE_IDS, so a cross
 * reference (「第5条」) can never point at the wrong article after one is added or moved.
 * Figures that the service enforces come from src/common/limits.ts, never from this text; the
 * retention of unredacted originals is the one the server is configured with (its default is
 * SCREENSHOT_ORIGINAL_RETENTION_DAYS), so the policy always states what the sweeper does.
 */

export const PRIVACY_POLICY_ENACTED = { iso: '2026-11-21', label: '2026年11月21日' } as const;

export const PRIVACY_CONTACT = {
  operator: 'キヅキ運営事務局',
  desk: 'キヅキ運営事務局 個人情報お問い合わせ窓口',
  email: 'privacy@kizuki.example',
} as const;

/** Text, or markup already made safe by `html` (links, <time>). */
export type Inline = string | SafeHtml;

export interface PolicyItem {
  text: Inline;
  /** Bulleted details under the item. */
  details?: Inline[];
}

export interface PolicyParagraph {
  text: Inline;
  items?: PolicyItem[];
  /** Lines shown in a framed box after the paragraph (the contact desk). */
  box?: Inline[];
}

export interface PolicyArticle {
  id: ArticleId;
  number: number;
  title: string;
  paragraphs: PolicyParagraph[];
}

const ARTICLE_IDS = [
  'scope',
  'collected',
  'purposes',
  'training-mail',
  'screenshots',
  'publication',
  'retention',
  'third-parties',
  'outsourcing',
  'security',
  'cookies',
  'requests',
  'revisions',
  'contact',
] as const;

export type ArticleId = (typeof ARTICLE_IDS)[number];

export const articleAnchor = (id: ArticleId): string => `privacy-${id}`;

/**
 * Link colour in the site's primary blue. The shared stylesheet styles links only inside the
 * React containers, and this page mounts none, so its links carry the rule themselves.
 */
export const LINK_STYLE = 'color:var(--color-primary);text-underline-offset:0.2em';

/** 「第N条」 for an article, linked to it. */
const ref = (id: ArticleId): SafeHtml =>
  html`<a style="${LINK_STYLE}" href="#${articleAnchor(id)}">第${ARTICLE_IDS.indexOf(id) + 1}条</a>`;

const LOCK_HOURS = `${Math.round(DELETE_LOCK_MS / (60 * 60 * 1000))}時間`;
const mailLink = html`<a style="${LINK_STYLE}" href="mailto:${PRIVACY_CONTACT.email}">${PRIVACY_CONTACT.email}</a>`;

export const PRIVACY_POLICY_PREAMBLE = `${PRIVACY_CONTACT.operator}（以下「当事務局」といいます。）は、個人向けフィッシング対策訓練と、フィッシング情報の報告データベース「Kizuki DB」からなるサービス「キヅキ」（以下「本サービス」といいます。）を提供するにあたり、利用者の皆さまの個人情報を適切に取り扱うことを重要な責務と考えています。当事務局は、個人情報の保護に関する法律（以下「個人情報保護法」といいます。）その他の関係法令およびガイドラインを遵守し、個人情報の取扱いについて、以下のとおりプライバシーポリシー（以下「本ポリシー」といいます。）を定めます。`;

export interface PolicyFigures {
  /** Days an unredacted screenshot original is kept before it is deleted. */
  originalRetentionDays: number;
}

export const DEFAULT_POLICY_FIGURES: PolicyFigures = { originalRetentionDays: SCREENSHOT_ORIGINAL_RETENTION_DAYS };

function articleContents({ originalRetentionDays }: PolicyFigures): Record<ArticleId, Omit<PolicyArticle, 'id' | 'number'>> {
  const retention = `${originalRetentionDays}日間`;
  return {
    scope: {
      title: '適用範囲',
      paragraphs: [
        { text: '本ポリシーは、個人として本サービスを利用される方（Kizuki DBを閲覧または利用される方を含みます。以下「利用者」といいます。）に関する情報の取扱いに適用されます。' },
        { text: '法人のお客様、および法人のお客様が訓練の対象として登録した従業員の方に関する情報の取扱いについては、別に定める法人向けプライバシーポリシーが適用されます。' },
        { text: '本ポリシーにおいて「個人情報」とは、個人情報保護法第2条第1項に定める個人情報をいい、「個人データ」および「保有個人データ」とは、同法第16条に定める個人データおよび保有個人データをいいます。' },
      ],
    },

    collected: {
      title: '取得する情報',
      paragraphs: [
        {
          text: '当事務局は、適正な手段により、次の情報を取得します。',
          items: [
            {
              text: '個人向けフィッシング対策訓練に登録される場合',
              details: [
                'メールアドレス',
                '利用規約および本ポリシーへの同意の記録、ならびに登録および登録解除の日時',
                '訓練メールの送信日時、訓練メールの開封の有無、訓練メールに記載されたリンクのクリックの有無およびそれらの日時（以下「訓練の実施状況」といいます。）',
              ],
            },
            {
              text: 'Kizuki DBにフィッシング情報を報告される場合',
              details: [
                '報告内容（受信方法、件名、本文）',
                '送信元の情報（フィッシングメールの送信元メールアドレス、またはSMS・MMSの送信元電話番号）',
                'スクリーンショット画像（添付された場合に限ります。）',
                `削除用パスワード（${DELETE_PASSWORD_LENGTH}桁の数字）。当事務局は、削除用パスワードを元に戻すことのできない形式（ハッシュ値）に変換して保存し、入力された数字そのものは保存しません。`,
                '報告日時',
              ],
            },
            {
              text: '本サービスの利用に伴い自動的に取得する情報',
              details: [
                'IPアドレス',
                '端末識別子（不正行為の防止のため、本サービスがブラウザのローカルストレージに保存する、ランダムに生成した識別子です。ブラウザや端末の設定・特徴などの情報を収集して作成するものではありません。）',
                html`Cookie（詳しくは${ref('cookies')}をご覧ください。）`,
                'アクセス日時、リクエストされたURLなどのアクセスログ',
              ],
            },
            {
              text: 'お問い合わせをいただく場合',
              details: ['お名前（任意）、メールアドレス、お問い合わせの内容'],
            },
          ],
        },
        { text: 'Kizuki DBへの報告は、ログインせず匿名で行うことができます。当事務局は、報告者の氏名やメールアドレスを取得しません。' },
        { text: '報告内容やスクリーンショットには、報告者ご本人や第三者の個人情報が含まれることがあります。報告にあたっては、フィッシングメール・SMSの送信元として表示されたメールアドレスや電話番号を除き、ご自身や第三者の氏名・住所・電話番号・メールアドレスなどの個人情報を入力しないでください。' },
      ],
    },

    purposes: {
      title: '利用目的',
      paragraphs: [
        {
          text: '当事務局は、取得した情報を次の目的のために利用します。',
          items: [
            { text: '個人向けフィッシング対策訓練の提供（訓練メールの送信、登録および登録解除の手続、訓練の実施状況の集計を含みます。）' },
            { text: '本サービスに関する重要なお知らせ（利用規約や本ポリシーの改定、本サービスの停止・終了など）のご連絡' },
            { text: 'Kizuki DBへの報告の掲載・公開による、フィッシング詐欺に関する注意喚起' },
            { text: '報告内容の確認、不適切な報告の削除その他の報告の管理' },
            { text: '報告内容の分析による、訓練メールの文面やシナリオその他の訓練内容の作成および改善' },
            { text: '削除用パスワードによる報告の削除手続の実施' },
            { text: 'スパム投稿、短時間の大量送信、不正アクセスその他の不正行為や迷惑行為の防止および対応（送信回数の制限を含みます。）' },
            { text: 'CSRF（クロスサイトリクエストフォージェリ）攻撃の防止など、本サービスのセキュリティの確保' },
            { text: '本サービスの維持、障害への対応および品質の改善' },
            { text: 'お問い合わせおよび開示等の請求への対応' },
            { text: '個人を特定できない形式に加工した統計情報の作成（フィッシングの手口や傾向の分析およびその公表を含みます。）' },
          ],
        },
        { text: '当事務局は、あらかじめご本人の同意を得ることなく、前項の利用目的の達成に必要な範囲を超えて個人情報を取り扱いません。利用目的を変更する場合は、変更前の利用目的と関連性を有すると合理的に認められる範囲内で行い、変更後の利用目的を本サービス上で公表します。' },
      ],
    },

    'training-mail': {
      title: '訓練メールの送信',
      paragraphs: [
        { text: '当事務局は、特定電子メールの送信の適正化等に関する法律（以下「特定電子メール法」といいます。）その他の関係法令を遵守し、ご本人から受信の同意をいただいたメールアドレスにのみ訓練メールを送信します。' },
        { text: '訓練メールは、実際のフィッシングメールを模した内容のメールです。おおむね月に1回、平日の9時から17時までの間に送信します（祝日に送信する場合があります。）。初回の訓練メールは、登録の直後に送信します。' },
        { text: html`訓練メールには、配信停止（登録解除）の手続のご案内を記載します。また、${ref('contact')}の窓口へのご連絡によっても、いつでも配信を停止することができます。` },
        { text: '他人のメールアドレスをその方の同意なく登録すること、および企業の従業員向けの訓練として個人向け訓練に登録することはできません。当事務局は、このような登録であることが判明した場合、その登録を削除し、以後そのメールアドレスに訓練メールを送信しません。' },
      ],
    },

    screenshots: {
      title: 'スクリーンショットの取扱い',
      paragraphs: [
        { text: 'Kizuki DBへの報告に添付されたスクリーンショットは、受信後に画像を変換し直し、撮影日時や位置情報など画像に埋め込まれた付加情報（Exif情報など）を取り除いたうえで保存します。' },
        { text: '当事務局は、当事務局が管理するサーバー上で文字認識（OCR）を行い、スクリーンショットに写っている個人情報（メールアドレス、電話番号、宛名、住所、カード番号など）およびURLを、公開前に自動的に黒塗りします。' },
        { text: 'スクリーンショットが公開されるのは、報告の際に「スクリーンショットも公開する」を選択した場合に限ります。この場合も、公開されるのは黒塗り後の画像とその縮小画像（サムネイル）のみであり、黒塗り前の画像（以下「元画像」といいます。）が公開されることはありません。' },
        { text: `元画像は、公開せずに当事務局内で保管し、報告内容の確認および不適切な報告への対応、ならびに訓練内容の改善のためにのみ利用します。元画像は、報告日から${retention}保管した後に削除します。この期間内であっても、報告が削除された場合は、元画像もあわせて削除します。` },
        { text: html`自動の黒塗りは、文字の大きさや画像の解像度などによっては、個人情報を完全には検出できない場合があります。公開を選択する前に、ご自身の個人情報が写っていないかをご確認いただき、必要に応じて画像を切り抜いてから添付してください。公開された画像に黒塗りされていない個人情報を見つけた場合は、${ref('publication')}の方法で報告を削除するか、${ref('contact')}の窓口までご連絡ください。` },
        { text: 'スクリーンショットから件名や本文などを自動入力する機能をご利用の場合、画像の読み取りは当事務局が管理するサーバー上で行い、画像を外部の事業者に送信することはありません。読み取りのためだけに送信された画像は、読み取り結果をお返しした後は保存しません。' },
      ],
    },

    publication: {
      title: 'Kizuki DBでの公開と報告の削除',
      paragraphs: [
        { text: 'Kizuki DBへの報告のうち、受信方法、送信元のメールアドレスまたは電話番号、件名、本文、報告日時、および公開を選択されたスクリーンショット（黒塗り後の画像とその縮小画像）は、注意喚起のため、どなたでも閲覧できる状態で公開されます。公開された情報は、検索エンジンなどにより収集される場合があります。' },
        { text: '削除用パスワード（ハッシュ値）、IPアドレスおよび端末識別子から作成した値、ならびに元画像は公開しません。' },
        { text: `報告者は、報告の際に設定した削除用パスワードを入力することで、いつでも報告を削除できます。報告を削除すると、その報告のスクリーンショット（元画像、黒塗り後の画像およびその縮小画像）もあわせて削除されます。なお、第三者による不正な削除を防ぐため、削除用パスワードを${DELETE_MAX_WRONG_ATTEMPTS}回間違えた場合、その報告は${LOCK_HOURS}削除できなくなります。` },
        { text: '当事務局は、個人情報を含む報告、誹謗中傷などの不適切な内容を含む報告、フィッシングと関係のない報告などを、報告者の同意なく削除または非公開にすることがあります。' },
        { text: html`報告に掲載されている送信元のメールアドレスや電話番号は、なりすましや乗っ取りによるものである可能性があり、実際の送信者を示すとは限りません。ご自身の情報が報告に掲載されている方は、${ref('contact')}の窓口から削除をお求めいただけます。` },
        { text: '当事務局の管理の及ばない場所で第三者が保存・転載した情報（検索エンジンのキャッシュなど）については、当事務局が削除することはできません。' },
      ],
    },

    retention: {
      title: '保存期間',
      paragraphs: [
        { text: '当事務局は、利用目的の達成に必要な期間に限り個人情報を保存し、不要となった個人情報は遅滞なく削除します。' },
        {
          text: '主な情報の保存期間は、次のとおりです。',
          items: [
            { text: '訓練に登録されたメールアドレスおよび訓練の実施状況：登録解除まで。ただし、受信の同意の記録は、特定電子メール法に定める期間保存します。' },
            { text: 'Kizuki DBの報告内容および公開用のスクリーンショット：報告者または当事務局が報告を削除するまで' },
            { text: `元画像：報告日から${retention}（それより前に報告が削除された場合は、削除まで）` },
            { text: '削除用パスワードのハッシュ値、ならびにIPアドレスおよび端末識別子から作成した値：報告が削除されるまで' },
            { text: 'アクセスログ：不正行為への対応および障害の調査に必要な期間' },
          ],
        },
      ],
    },

    'third-parties': {
      title: '第三者提供',
      paragraphs: [
        {
          text: '当事務局は、次のいずれかに該当する場合を除き、あらかじめご本人の同意を得ることなく、個人データを第三者に提供しません。',
          items: [
            { text: '法令に基づく場合' },
            { text: '人の生命、身体または財産の保護のために必要がある場合であって、ご本人の同意を得ることが困難であるとき' },
            { text: '公衆衛生の向上または児童の健全な育成の推進のために特に必要がある場合であって、ご本人の同意を得ることが困難であるとき' },
            { text: '国の機関もしくは地方公共団体またはその委託を受けた者が法令の定める事務を遂行することに対して協力する必要がある場合であって、ご本人の同意を得ることにより当該事務の遂行に支障を及ぼすおそれがあるとき' },
            { text: 'その他、個人情報保護法により第三者提供が認められている場合' },
          ],
        },
        { text: html`業務の委託（${ref('outsourcing')}）、または合併その他の事由による事業の承継に伴って個人データを提供する場合は、前項の第三者への提供にはあたりません。` },
        { text: 'Kizuki DBに掲載される報告内容は、報告者の意思に基づいて公開されるものです。また、当事務局は、個人を特定できない形式に加工した統計情報を公表し、またはフィッシング対策に取り組む機関などに提供することがあります。' },
      ],
    },

    outsourcing: {
      title: '業務の委託',
      paragraphs: [
        { text: '当事務局は、利用目的の達成に必要な範囲で、サーバーの運用やメールの配信などの業務を外部の事業者に委託し、その業務に必要な範囲で個人情報の取扱いを委託することがあります。この場合、当事務局は、個人情報を適切に取り扱う委託先を選定し、委託契約において安全管理措置、秘密保持、再委託の条件などを定めたうえで、委託先に対して必要かつ適切な監督を行います。' },
      ],
    },

    security: {
      title: '安全管理措置',
      paragraphs: [
        {
          text: '当事務局は、個人データの漏えい、滅失または毀損の防止その他の安全管理のため、次の措置を講じます。',
          items: [
            { text: '基本方針の策定：個人データの適正な取扱いのため、本ポリシーを定めています。' },
            { text: '組織的安全管理措置：個人データの取扱いに関する責任者を定め、取扱状況を定期的に点検します。' },
            { text: '人的安全管理措置：個人データを取り扱う者に秘密保持を義務づけ、必要な教育を行います。' },
            { text: '物理的安全管理措置：個人データを取り扱う機器や電子媒体の盗難・紛失を防止し、権限のない者による閲覧を防ぐ措置を講じます。' },
            { text: '技術的安全管理措置：通信の暗号化、アクセス権限の管理、不正アクセスの防止などを行います。また、削除用パスワードはハッシュ値でのみ保存し、IPアドレスおよび端末識別子は、報告と関連づけて保存する際、鍵付きのハッシュ値に変換して保存します。' },
            { text: '外的環境の把握：外国において個人データを取り扱う場合は、その国の個人情報の保護に関する制度を把握したうえで安全管理措置を講じます。' },
          ],
        },
        { text: '個人データの漏えいなどが発生し、または発生したおそれがある場合は、個人情報保護法に従い、個人情報保護委員会への報告およびご本人への通知を行います。' },
      ],
    },

    cookies: {
      title: 'Cookieなどの利用',
      paragraphs: [
        { text: '本サービスでは、他のWebサイトから本サービスへの送信を偽装される攻撃（CSRF攻撃）を防ぐため、Cookieを使用します。このCookieには、ランダムに生成した識別子と確認用の値のみが含まれ、氏名やメールアドレスなどの情報は含まれません。このCookieは、最長で1年間ブラウザに保存されます。' },
        { text: html`Kizuki DBでは、短時間の大量送信などの不正行為を防ぐため、${ref('collected')}に定める端末識別子をブラウザのローカルストレージに保存し、報告の送信時などに当事務局へ送信します。` },
        { text: '本サービスは、現在、広告の配信やアクセス解析を目的とした第三者のCookieなどを使用していません。これらを導入する場合は、あらかじめ本ポリシーを改定してお知らせします。' },
        { text: 'Cookieやローカルストレージは、ブラウザの設定により無効にし、または削除することができます。ただし、Cookieを無効にした場合、報告の送信や削除など、本サービスの一部の機能をご利用いただけないことがあります。' },
      ],
    },

    requests: {
      title: '開示・訂正・削除等の請求',
      paragraphs: [
        { text: 'ご本人は、当事務局が保有する保有個人データについて、個人情報保護法の定めに基づき、利用目的の通知、開示（第三者提供記録の開示を含みます。）、内容の訂正・追加・削除、利用の停止・消去、および第三者への提供の停止（以下「開示等」といいます。）を請求することができます。' },
        { text: html`開示等の請求は、${ref('contact')}の窓口まで電子メールでご連絡ください。当事務局は、ご本人または正当な代理人からの請求であることを確認したうえで、法令に従い遅滞なく対応します。訓練に登録されたメールアドレスに関する請求の場合は、登録されたメールアドレス宛てのご連絡などにより、ご本人であることを確認します。` },
        { text: html`Kizuki DBへの報告は匿名で受け付けているため、当事務局は、報告者がどなたであるかを確認できないことがあります。ご自身の報告の削除には、${ref('publication')}に定める削除用パスワードによる削除をご利用ください。削除用パスワードがわからなくなった場合は、報告のURLを添えて窓口にご相談ください。内容を確認のうえ、個人情報が含まれている場合などには、削除などの対応を行います。` },
        { text: '開示等の請求に手数料はかかりません。法令の定めにより請求に応じられない場合は、その理由をご説明します。' },
      ],
    },

    revisions: {
      title: '本ポリシーの改定',
      paragraphs: [
        { text: '当事務局は、法令の改正や本サービスの内容の変更などに応じて、本ポリシーを改定することがあります。' },
        { text: '改定後の本ポリシーは、本サービス上に掲載した時点から効力を生じます。重要な変更を行う場合は、本サービス上での告知、または訓練に登録されたメールアドレスへの通知によりお知らせします。法令上ご本人の同意が必要となる変更を行う場合は、あらかじめご本人の同意を得ます。' },
      ],
    },

    contact: {
      title: 'お問い合わせ窓口',
      paragraphs: [
        {
          text: '本ポリシーおよび個人情報の取扱いに関するお問い合わせ、開示等の請求、苦情およびご相談は、次の窓口までご連絡ください。',
          box: [PRIVACY_CONTACT.desk, html`メールアドレス：${mailLink}`],
        },
        { text: 'お問い合わせは電子メールで受け付けています。内容によっては、回答までにお時間をいただく場合があります。当事務局の住所および代表者の氏名は、ご請求があった場合、遅滞なくお知らせします。' },
      ],
    },
  };
}

/** The articles in order, numbered. */
export function privacyPolicyArticles(figures: PolicyFigures = DEFAULT_POLICY_FIGURES): PolicyArticle[] {
  const contents = articleContents(figures);
  return ARTICLE_IDS.map((id, index) => ({ id, number: index + 1, ...contents[id] }));
}
