import type { BuiltinTemplate } from './builtin-template.types';

/** In-company notices (総務: 給与・年末調整, 人事: 評価面談, 情シス: MFA再登録), sent as the recipient's own company. */
export const INTERNAL_TEMPLATES: readonly BuiltinTemplate[] = [
  {
    key: 'internal-payslip-bank-account',
    name: '総務部をかたる給与明細のWEB化（振込口座の再登録）',
    category: 'internal',
    difficulty: 1,
    sender_name: '総務部 給与担当',
    sender_local_part: 'kyuyo-meisai-system',
    subject: '【至急】給与明細書の確認および口座情報の更新（本日締切）',
    html_body: `<div style="font-family:sans-serif;font-size:14px;line-height:1.7;color:#222222;">
<p>社員各位</p>
<p>お疲れ様です。総務部です。</p>
<p>給与システムの移行に伴い、今月より給与明細書はWEBでの確認となりました。<br>全社員は本日中に下記よりログインして頂き、給与振込口座の情報を再登録お願い致します。</p>
<p><strong>※本日中に登録が無い場合、今月の給与振込が遅れる可能性が有ります。</strong></p>
<p>給与明細システムへログイン<br><a href="{{url}}">https://kyuyo-meisai.web-portal.example/</a></p>
<p>総務部</p>
</div>`,
    text_body: `社員各位

お疲れ様です。総務部です。

給与システムの移行に伴い、今月より給与明細書はWEBでの確認となりました。
全社員は本日中に下記よりログインして頂き、給与振込口座の情報を再登録お願い致します。

※本日中に登録が無い場合、今月の給与振込が遅れる可能性が有ります。

給与明細システムへログイン（kyuyo-meisai.web-portal.example）
{{url}}

総務部`,
    landing: 'login',
    red_flags: [
      {
        label: '件名で「本日締切」と急かしている',
        explanation: '社内の手続きが、前触れなく当日締切になることはまずありません。',
        excerpt: '本日締切',
      },
      {
        label: '給与の遅れをほのめかしている',
        explanation: '給与は誰にとっても大切なので、遅れると言われると従ってしまいます。不安を利用した典型的な手口です。',
        excerpt: '今月の給与振込が遅れる可能性が有ります',
      },
      {
        label: '振込口座をメールのリンクで登録させる',
        explanation: '給与の振込口座は、社内の正規の手続きで変更するものです。メールのリンク先で口座情報を入力させるのは不自然です。',
        excerpt: '給与振込口座の情報を再登録',
      },
      {
        label: 'リンク先が社外のドメイン',
        explanation: '社内システムのはずなのに、会社のドメインではない「web-portal.example」に誘導しています。',
        excerpt: 'kyuyo-meisai.web-portal.example',
      },
    ],
  },
  {
    key: 'internal-mfa-reregistration',
    name: '情報システム部をかたる多要素認証（MFA）の再登録',
    category: 'internal',
    difficulty: 2,
    sender_name: '情報システム部',
    sender_local_part: 'it-helpdesk',
    subject: '【対応必須】多要素認証（MFA）の再登録のお願い（{{date}}まで）',
    html_body: `<div style="font-family:sans-serif;font-size:14px;line-height:1.7;color:#222222;">
<p>{{department}} {{name}} さん</p>
<p>お疲れさまです。情報システム部です。</p>
<p>セキュリティ強化のため、認証システムを更新しました。<br>これに伴い、全社員の多要素認証（MFA）の再登録が必要になります。</p>
<p>{{date}}までに、下記の手順で再登録を完了してください。</p>
<ol>
<li>下記リンクから社内ポータルにサインインする</li>
<li>表示されるQRコードを認証アプリで読み取る</li>
<li>表示された6桁の確認コードを入力する</li>
</ol>
<p>期限までに再登録が完了しない場合、社内システムにサインインできなくなります。</p>
<p>再登録ページ<br><a href="{{url}}">https://sso-portal.mfa-update.example/register</a></p>
<p>{{company_name}} 情報システム部 ヘルプデスク</p>
</div>`,
    text_body: `{{department}} {{name}} さん

お疲れさまです。情報システム部です。

セキュリティ強化のため、認証システムを更新しました。
これに伴い、全社員の多要素認証（MFA）の再登録が必要になります。

{{date}}までに、下記の手順で再登録を完了してください。
1. 下記リンクから社内ポータルにサインインする
2. 表示されるQRコードを認証アプリで読み取る
3. 表示された6桁の確認コードを入力する

期限までに再登録が完了しない場合、社内システムにサインインできなくなります。

再登録ページ（sso-portal.mfa-update.example）
{{url}}

{{company_name}} 情報システム部 ヘルプデスク`,
    landing: 'login',
    red_flags: [
      {
        label: '社内ポータルなのに社外のドメイン',
        explanation: '「sso-portal」と社内らしい名前ですが、ドメインは会社のものではない「mfa-update.example」です。',
        excerpt: 'sso-portal.mfa-update.example',
      },
      {
        label: '確認コードまで入力させる',
        explanation: '6桁のコードまで入力させれば、攻撃者は多要素認証も突破できます。情報システム部門がメールのリンク先でコードを尋ねることはありません。',
        excerpt: '表示された6桁の確認コードを入力する',
      },
      {
        label: 'サインインできなくなると脅している',
        explanation: '仕事ができなくなる不安で急がせています。全社的な手続きなら、社内ポータルのお知らせや上長からも案内があるはずです。',
        excerpt: '社内システムにサインインできなくなります',
      },
    ],
  },
  {
    key: 'internal-year-end-adjustment',
    name: '総務部をかたる年末調整書類の提出（クラウドシステム）',
    category: 'internal',
    difficulty: 3,
    sender_name: '総務部 年末調整担当',
    sender_local_part: 'soumu-nenmatsu',
    subject: '年末調整書類の提出について（提出期限：{{date}}）',
    html_body: `<div style="font-family:sans-serif;font-size:14px;line-height:1.7;color:#222222;">
<p>{{company_name}}<br>社員各位</p>
<p>お疲れさまです。総務部です。</p>
<p>今年も年末調整の時期となりました。<br>今年度より、年末調整の申告書は紙ではなく、クラウドの年末調整システムから提出いただく形式に変更しています。</p>
<p>以下のリンクからシステムにログインし、扶養控除等申告書・保険料控除申告書の入力と、控除証明書の画像のアップロードをお願いします。<br>初回ログイン時は、社内システムと同じIDとパスワードをご利用ください。</p>
<p>年末調整システム<br><a href="{{url}}">https://nenmatsu-cloud.hr-system.example/</a></p>
<p>ご不明な点は総務部までお問い合わせください。<br>総務部 年末調整担当</p>
</div>`,
    text_body: `{{company_name}}
社員各位

お疲れさまです。総務部です。

今年も年末調整の時期となりました。
今年度より、年末調整の申告書は紙ではなく、クラウドの年末調整システムから提出いただく形式に変更しています。

以下のリンクからシステムにログインし、扶養控除等申告書・保険料控除申告書の入力と、控除証明書の画像のアップロードをお願いします。
初回ログイン時は、社内システムと同じIDとパスワードをご利用ください。

年末調整システム（nenmatsu-cloud.hr-system.example）
{{url}}

ご不明な点は総務部までお問い合わせください。
総務部 年末調整担当`,
    landing: 'login',
    red_flags: [
      {
        label: '社内と同じパスワードを社外で入力させる',
        explanation: '社外のサービスに社内のIDとパスワードを入力させるのは危険です。正式に導入したシステムなら、社内ポータルや説明会で案内されるはずです。',
        excerpt: '社内システムと同じIDとパスワードをご利用ください',
      },
      {
        label: '手続きの変更がメール一通で知らされる',
        explanation: '毎年の手続きが変わるのに、事前の周知がありません。社内ポータルや上長に、本当に変わったのかを確かめましょう。',
        excerpt: 'クラウドの年末調整システムから提出いただく形式に変更しています',
      },
      {
        label: 'リンク先が会社のドメインではない',
        explanation: '「nenmatsu-cloud」と年末調整らしい名前ですが、ドメインは「hr-system.example」です。扶養家族や保険の情報まで渡すことになります。',
        excerpt: 'nenmatsu-cloud.hr-system.example',
      },
    ],
  },
  {
    key: 'internal-evaluation-interview',
    name: '人事部をかたる人事評価面談の日程調整',
    category: 'internal',
    difficulty: 3,
    sender_name: '人事部',
    sender_local_part: 'jinji-hyoka',
    subject: '【人事部】上期人事評価面談の日程調整について',
    html_body: `<div style="font-family:sans-serif;font-size:14px;line-height:1.7;color:#222222;">
<p>{{department}}<br>{{name}} さん</p>
<p>お疲れさまです。人事部です。</p>
<p>上期の人事評価について、評価結果のフィードバック面談を実施します。<br>面談に先立ち、評価シート（本人確定版）をご確認のうえ、下記の日程調整フォームから希望日時を{{date}}までにご回答ください。</p>
<p>なお、評価シートは個人情報を含むため、閲覧には社内アカウントでのサインインが必要です。<br>評価内容および面談日程は、他の社員には口外しないようお願いいたします。</p>
<p><a href="{{url}}">評価シートの確認・日程調整</a></p>
<p>人事部 評価担当</p>
</div>`,
    text_body: `{{department}}
{{name}} さん

お疲れさまです。人事部です。

上期の人事評価について、評価結果のフィードバック面談を実施します。
面談に先立ち、評価シート（本人確定版）をご確認のうえ、下記の日程調整フォームから希望日時を{{date}}までにご回答ください。

なお、評価シートは個人情報を含むため、閲覧には社内アカウントでのサインインが必要です。
評価内容および面談日程は、他の社員には口外しないようお願いいたします。

評価シートの確認・日程調整
{{url}}

人事部 評価担当`,
    landing: 'login',
    red_flags: [
      {
        label: '誰もが気になる話題',
        explanation: '自分の評価結果は誰でも気になるため、つい開いてしまいます。話題が魅力的なほど慎重になりましょう。',
        excerpt: '評価結果のフィードバック面談',
      },
      {
        label: '周りに相談させない一文',
        explanation: '「口外しないように」と書くことで、同僚に「このメール届いた？」と確かめるのを防いでいます。怪しいと思ったら、人事部に内線などで直接確認しましょう。',
        excerpt: '他の社員には口外しないようお願いいたします',
      },
      {
        label: 'リンク先でサインインを求める',
        explanation: '社内アカウントのIDとパスワードを入力させるのが目的です。サインイン画面のアドレスが会社の正しいドメインかを確かめましょう。',
        excerpt: '社内アカウントでのサインインが必要です',
      },
    ],
  },
];
