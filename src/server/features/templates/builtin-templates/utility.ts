import type { BuiltinTemplate } from './builtin-template.types';

/** ETC and utilities (電力・ガス), as the fictitious ETCハイウェイサービス and みなと電力. */
export const UTILITY_TEMPLATES: readonly BuiltinTemplate[] = [
  {
    key: 'utility-etc-card-deactivation',
    name: 'ETCカードの無効化（登録情報の更新）',
    category: 'utility',
    difficulty: 2,
    sender_name: 'ETCハイウェイサービス',
    sender_local_part: 'etc-service',
    subject: '【ETCハイウェイサービス】ETCカードの無効化に関する重要なお知らせ',
    html_body: `<div style="font-family:sans-serif;font-size:14px;line-height:1.7;color:#222222;">
<div style="background:#2e7d32;color:#ffffff;padding:10px 16px;font-size:18px;font-weight:bold;">ETCハイウェイサービス</div>
<p>{{name}} 様</p>
<p>ETCハイウェイサービスをご利用いただき、ありがとうございます。</p>
<p>お客様のETCカードは、有効期限の更新手続きが完了していないため、{{date}}をもってご利用いただけなくなります。<br>引き続きETCをご利用いただくには、会員ページにログインし、登録情報の更新を行ってください。</p>
<p>手続きが完了しない場合、ETCレーンを通過できず、開閉バーが開かない場合がありますのでご注意ください。</p>
<p><a href="{{url}}">https://etc-highway.member-update.example/</a></p>
<p>ETCハイウェイサービス事務局</p>
</div>`,
    text_body: `{{name}} 様

ETCハイウェイサービスをご利用いただき、ありがとうございます。

お客様のETCカードは、有効期限の更新手続きが完了していないため、{{date}}をもってご利用いただけなくなります。
引き続きETCをご利用いただくには、会員ページにログインし、登録情報の更新を行ってください。

手続きが完了しない場合、ETCレーンを通過できず、開閉バーが開かない場合がありますのでご注意ください。

登録情報を更新する（etc-highway.member-update.example）
{{url}}

ETCハイウェイサービス事務局`,
    landing: 'login',
    red_flags: [
      {
        label: 'カードの更新をメールで求めている',
        explanation: 'ETCカードの更新は、発行したカード会社から新しいカードが郵送されてくるのが普通です。メールのリンクで手続きすることはありません。',
        excerpt: '有効期限の更新手続きが完了していないため',
      },
      {
        label: '高速道路で困ると不安にさせる',
        explanation: '「開閉バーが開かない」と、運転中の危険を想像させて焦らせています。',
        excerpt: 'ETCレーンを通過できず、開閉バーが開かない場合があります',
      },
      {
        label: 'リンク先が公式サイトではない',
        explanation: '実際のドメインは「member-update.example」です。利用明細などは、自分でブックマークした公式サイトから確認しましょう。',
        excerpt: 'etc-highway.member-update.example',
      },
    ],
  },
  {
    key: 'utility-electricity-payment',
    name: '電気料金の引き落とし不能（支払い方法の再登録）',
    category: 'utility',
    difficulty: 3,
    sender_name: 'みなと電力',
    sender_local_part: 'web-service',
    subject: '【みなと電力】電気料金のお支払い方法の再登録のお願い',
    html_body: `<div style="font-family:sans-serif;font-size:14px;line-height:1.7;color:#222222;">
<div style="border-bottom:3px solid #00897b;padding:8px 0;font-size:18px;font-weight:bold;color:#00695c;">みなと電力</div>
<p>{{name}} 様</p>
<p>いつもみなと電力をご利用いただき、ありがとうございます。</p>
<p>ご登録のお支払い方法で、今月分の電気料金のお引き落としができませんでした。<br>恐れ入りますが、{{date}}までにお支払い方法を再登録いただきますようお願いいたします。</p>
<p>お支払いの確認ができない場合、電気需給約款に基づき、電気の供給を停止させていただくことがございます。</p>
<p>再登録は、会員サイト「みなとWeb」から行えます。</p>
<p><a href="{{url}}" style="display:inline-block;background:#00897b;color:#ffffff;padding:10px 20px;text-decoration:none;border-radius:4px;">みなとWebにログイン</a></p>
<hr style="border:none;border-top:1px solid #dddddd;">
<p><small>みなと電力株式会社 お客様センター</small></p>
</div>`,
    text_body: `{{name}} 様

いつもみなと電力をご利用いただき、ありがとうございます。

ご登録のお支払い方法で、今月分の電気料金のお引き落としができませんでした。
恐れ入りますが、{{date}}までにお支払い方法を再登録いただきますようお願いいたします。

お支払いの確認ができない場合、電気需給約款に基づき、電気の供給を停止させていただくことがございます。

再登録は、会員サイト「みなとWeb」から行えます。

みなとWebにログイン
{{url}}

みなと電力株式会社 お客様センター`,
    landing: 'login',
    red_flags: [
      {
        label: '供給停止をほのめかしている',
        explanation: '実際に電気が止まるのは、書面での督促を何度か経たあとです。メール一通で停止を告げて焦らせるのは典型的な手口です。',
        excerpt: '電気の供給を停止させていただくことがございます',
      },
      {
        label: 'メールのリンクで支払い情報を入力させる',
        explanation: '引き落としができなかったときは、通常は払込票が郵送されます。カード情報の再登録を求められたら、検針票にある番号に問い合わせましょう。',
        excerpt: 'お支払い方法を再登録いただきますようお願いいたします',
      },
      {
        label: 'ボタンの行き先が見えない',
        explanation: 'ボタンの文字からは行き先がわかりません。会員サイトは、自分でブックマークしたページから開きましょう。',
        excerpt: 'みなとWebにログイン',
      },
    ],
  },
];
