import type { BuiltinTemplate } from './builtin-template.types';

/**
 * 国税庁 and e-Tax (未納, 還付, メッセージボックス). A public body, not a trademark, so it is named as the body the
 * lure pretends to be; the domains are invented and reserved like every other lure's.
 */
export const TAX_TEMPLATES: readonly BuiltinTemplate[] = [
  {
    key: 'tax-unpaid-final-notice',
    name: '国税庁をかたる未納税金の最終催告（差押えの予告）',
    category: 'tax',
    difficulty: 1,
    sender_name: '国税庁',
    sender_local_part: 'nta-tax-notice',
    subject: '【国税庁】未納税金のお知らせ（最終催告）',
    html_body: `<div style="font-family:sans-serif;font-size:14px;line-height:1.7;color:#222222;">
<p>納税者様</p>
<p>国税庁からのお知らせです。</p>
<p>あなたの所得税（令和7年分）につき、納付期限を過ぎても納付が確認できませんでした。<br>本通知は最終催告になります。</p>
<p>未納税額：58,000円<br>納付期限：{{date}}</p>
<p><strong>期限までに納付が確認できない場合、国税徴収法に基づき、財産（給与・預貯金・不動産等）の差押えを執行いたします。</strong></p>
<p>下記より、クレジットカード又は電子マネーにて至急納付してください。<br><a href="{{url}}">https://kokuzei-nofu.tax-payment.example/</a></p>
<p>国税庁 徴収部</p>
</div>`,
    text_body: `納税者様

国税庁からのお知らせです。

あなたの所得税（令和7年分）につき、納付期限を過ぎても納付が確認できませんでした。
本通知は最終催告になります。

未納税額：58,000円
納付期限：{{date}}

期限までに納付が確認できない場合、国税徴収法に基づき、財産（給与・預貯金・不動産等）の差押えを執行いたします。

下記より、クレジットカード又は電子マネーにて至急納付してください。
{{url}}

国税庁 徴収部`,
    landing: 'training',
    red_flags: [
      {
        label: 'メールのリンクから納付させようとしている',
        explanation: '国税庁は、メールやSMSで未納を知らせてリンク先で支払わせることはありません。税金の督促は、原則として書面で届きます。',
        excerpt: 'クレジットカード又は電子マネーにて至急納付してください',
      },
      {
        label: '差押えで脅している',
        explanation: '「差押え」という強い言葉で怖がらせ、確かめる前に払わせようとしています。不安なときは、所轄の税務署に自分で調べた番号で問い合わせましょう。',
        excerpt: '財産（給与・預貯金・不動産等）の差押えを執行いたします',
      },
      {
        label: '宛名が「納税者様」',
        explanation: '本当に未納があるなら、税務署は氏名も住所も把握しています。名前のない催告は一斉送信の印です。',
        excerpt: '納税者様',
      },
    ],
  },
  {
    key: 'tax-etax-refund',
    name: 'e-Taxをかたる還付金の受け取り手続き',
    category: 'tax',
    difficulty: 2,
    sender_name: 'e-Tax（国税電子申告・納税システム）',
    sender_local_part: 'etax-info',
    subject: '【e-Tax】還付金の受取手続きのお知らせ',
    html_body: `<div style="font-family:sans-serif;font-size:14px;line-height:1.7;color:#222222;">
<div style="background:#37474f;color:#ffffff;padding:10px 16px;font-size:16px;font-weight:bold;">e-Tax 国税電子申告・納税システム</div>
<p>{{name}} 様</p>
<p>e-Tax（国税電子申告・納税システム）をご利用いただき、ありがとうございます。</p>
<p>所得税の確定申告に基づく還付金（28,500円）の受取手続きが完了していません。<br>還付金を受け取るには、{{date}}までに受取口座の確認を行ってください。</p>
<p>期限を過ぎると、還付金を受け取る権利が失効する場合があります。</p>
<p><a href="{{url}}">https://etax-kanpu.nta-online.example/account</a></p>
<p>国税庁 e-Tax ヘルプデスク</p>
</div>`,
    text_body: `{{name}} 様

e-Tax（国税電子申告・納税システム）をご利用いただき、ありがとうございます。

所得税の確定申告に基づく還付金（28,500円）の受取手続きが完了していません。
還付金を受け取るには、{{date}}までに受取口座の確認を行ってください。

期限を過ぎると、還付金を受け取る権利が失効する場合があります。

受取口座を確認する（etax-kanpu.nta-online.example）
{{url}}

国税庁 e-Tax ヘルプデスク`,
    landing: 'training',
    red_flags: [
      {
        label: '還付金でつっている',
        explanation: '国税庁がメールで還付金の受け取り手続きを求めることはありません。還付金は、申告のときに指定した口座へ振り込まれます。',
        excerpt: '還付金（28,500円）の受取手続きが完了していません',
      },
      {
        label: '権利の失効で急がせている',
        explanation: 'もらえるはずのお金がなくなると言われると、慌てて手続きしたくなります。急がせる文面ほど立ち止まりましょう。',
        excerpt: '還付金を受け取る権利が失効する場合があります',
      },
      {
        label: 'リンク先が国の機関のドメインではない',
        explanation: '国の機関のサイトは「go.jp」で終わります。「nta-online.example」のような名前は、国税庁のものではありません。',
        excerpt: 'etax-kanpu.nta-online.example',
      },
    ],
  },
  {
    key: 'tax-etax-message-box',
    name: 'e-Taxをかたるメッセージボックスの新着通知（更正通知）',
    category: 'tax',
    difficulty: 3,
    sender_name: 'e-Tax',
    sender_local_part: 'etax-messagebox',
    subject: '【e-Tax】メッセージボックスに新しいお知らせが届いています',
    html_body: `<div style="font-family:sans-serif;font-size:14px;line-height:1.7;color:#222222;">
<div style="border-bottom:3px solid #37474f;padding:8px 0;font-size:16px;font-weight:bold;color:#37474f;">e-Tax 国税電子申告・納税システム</div>
<p>{{name}} 様</p>
<p>e-Taxをご利用いただき、ありがとうございます。</p>
<p>メッセージボックスに、お客様宛ての新しいお知らせが格納されました。<br>内容をご確認いただくには、e-Taxにログインのうえ、メッセージボックスを開いてください。</p>
<table style="border-collapse:collapse;margin:8px 0;">
<tr><td style="padding:4px 12px 4px 0;color:#555555;">格納日</td><td style="padding:4px 0;">{{date}}</td></tr>
<tr><td style="padding:4px 12px 4px 0;color:#555555;">件名</td><td style="padding:4px 0;">所得税及び復興特別所得税の更正通知について</td></tr>
</table>
<p><a href="{{url}}" style="display:inline-block;background:#37474f;color:#ffffff;padding:10px 20px;text-decoration:none;border-radius:4px;">メッセージボックスを確認する</a></p>
<hr style="border:none;border-top:1px solid #dddddd;">
<p><small>※このメールアドレスは送信専用のため、返信いただいてもお答えできません。<br>国税庁 e-Tax</small></p>
</div>`,
    text_body: `{{name}} 様

e-Taxをご利用いただき、ありがとうございます。

メッセージボックスに、お客様宛ての新しいお知らせが格納されました。
内容をご確認いただくには、e-Taxにログインのうえ、メッセージボックスを開いてください。

格納日：{{date}}
件名：所得税及び復興特別所得税の更正通知について

メッセージボックスを確認する
{{url}}

※このメールアドレスは送信専用のため、返信いただいてもお答えできません。
国税庁 e-Tax`,
    landing: 'login',
    red_flags: [
      {
        label: '不安になる件名のお知らせ',
        explanation: '「更正通知」と、税額が変わったかのような件名で不安にさせ、確かめようとログインさせます。本物のお知らせメールもあるため、とても見分けにくい文面です。',
        excerpt: '所得税及び復興特別所得税の更正通知について',
      },
      {
        label: 'ボタンの行き先が見えない',
        explanation: 'ボタンの文字からは行き先がわかりません。e-Taxには、メールのリンクではなく、自分でブックマークしたページや公式アプリからログインしましょう。',
        excerpt: 'メッセージボックスを確認する',
      },
    ],
  },
];
