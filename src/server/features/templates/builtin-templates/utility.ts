import type { BuiltinTemplate } from './builtin-template.types';

/** ETC and utilities (電力・ガス), as the fictitious ETCハイウェイサービス, みなと電力 and ひまわりガス. */
export const UTILITY_TEMPLATES: readonly BuiltinTemplate[] = [
  {
    key: 'utility-gas-overcharge-refund',
    name: 'ガス料金の過払い返金（暗証番号の登録）',
    category: 'utility',
    difficulty: 1,
    sender_name: 'ひまわりガス お客様センター',
    sender_local_part: 'himawari-gas-henkan',
    subject: '【ひまわりガス】過払いガス料金の返金のご案内 ※本日まで※',
    html_body: `<div style="font-family:sans-serif;font-size:14px;line-height:1.7;color:#222222;">
<div style="background:#ef6c00;color:#ffffff;padding:10px 16px;font-size:18px;font-weight:bold;">ひまわりガス</div>
<p>お客様各位</p>
<p>平素よりひまわりガスをご利用頂き誠に有難うございます。</p>
<p>システムの不具合により、お客様のガス料金を過剰に請求していた事が判明致しました。<br>つきましては、過払い分の 12,840円 を返金させて頂きます。</p>
<p>返金を受け取るには、下記リンクより返金先の口座情報及びキャッシュカードの暗証番号をご登録下さい。<br><strong>※返金の受付は本日までとなっております。</strong></p>
<p>返金手続きはこちら<br><a href="{{url}}">https://himawari-gas.henkin-center.example/</a></p>
<p>ひまわりガス株式会社 お客様センター</p>
</div>`,
    text_body: `お客様各位

平素よりひまわりガスをご利用頂き誠に有難うございます。

システムの不具合により、お客様のガス料金を過剰に請求していた事が判明致しました。
つきましては、過払い分の 12,840円 を返金させて頂きます。

返金を受け取るには、下記リンクより返金先の口座情報及びキャッシュカードの暗証番号をご登録下さい。
※返金の受付は本日までとなっております。

返金手続きはこちら（himawari-gas.henkin-center.example）
{{url}}

ひまわりガス株式会社 お客様センター`,
    landing: 'training',
    red_flags: [
      {
        label: 'キャッシュカードの暗証番号を求めている',
        explanation: '返金に暗証番号は要りません。暗証番号を尋ねるのは、銀行でもガス会社でもなく詐欺だけです。',
        excerpt: 'キャッシュカードの暗証番号',
      },
      {
        label: '返金の話でつっている',
        explanation: 'お金が戻ってくると言われると警戒が緩みます。本当の過払いなら、次回の請求で差し引くなど、手続きなしで精算されるのが普通です。',
        excerpt: '過払い分の 12,840円 を返金させて頂きます',
      },
      {
        label: '件名で「本日まで」と急がせている',
        explanation: '返金の受付が当日限りということはまずありません。考える時間を与えないための期限です。',
        excerpt: '※本日まで※',
      },
      {
        label: 'リンク先がガス会社のドメインではない',
        explanation: '「himawari-gas」の後ろに続く「henkin-center.example」が本当のドメインです。',
        excerpt: 'himawari-gas.henkin-center.example',
      },
    ],
  },
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
