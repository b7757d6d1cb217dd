import type { BuiltinTemplate } from './builtin-template.types';

/** Banks and securities (再認証, 取引制限, 配当金), as the fictitious あおば銀行 and ひかり証券. */
export const BANK_TEMPLATES: readonly BuiltinTemplate[] = [
  {
    key: 'bank-customer-reverification',
    name: '銀行のお客様情報再確認（口座凍結の予告）',
    category: 'bank',
    difficulty: 1,
    sender_name: 'あおば銀行',
    sender_local_part: 'aobabank-center01',
    subject: '【あおば銀行】お客様情報、取引目的等のご確認（口座凍結のお知らせ）',
    html_body: `<div style="font-family:sans-serif;font-size:14px;line-height:1.7;color:#222222;">
<div style="background:#1565c0;color:#ffffff;padding:10px 16px;font-size:18px;font-weight:bold;">あおば銀行</div>
<p>あおば銀行をご利用のお客様へ</p>
<p>いつもあおば銀行をご利用いただきありがとうございます。</p>
<p>当行では、マネー・ローンダリング及びテロ資金供与対策の一環として、お客様情報、取引目的等の確認を実施しております。<br>お客様の口座は確認が完了していない為、お取引を一部制限させて頂いております。</p>
<p>至急下記のＵＲＬよりログインし、お客様情報をご更新ください。<br><strong>ご回答がない場合は、口座を凍結致します。</strong></p>
<p><a href="{{url}}">https://aoba-bank.kakunin-center.example/</a></p>
<p>あおば銀行</p>
</div>`,
    text_body: `あおば銀行をご利用のお客様へ

いつもあおば銀行をご利用いただきありがとうございます。

当行では、マネー・ローンダリング及びテロ資金供与対策の一環として、お客様情報、取引目的等の確認を実施しております。
お客様の口座は確認が完了していない為、お取引を一部制限させて頂いております。

至急下記のＵＲＬよりログインし、お客様情報をご更新ください。
ご回答がない場合は、口座を凍結致します。

▼お客様情報の確認（aoba-bank.kakunin-center.example）
{{url}}

あおば銀行`,
    landing: 'login',
    red_flags: [
      {
        label: '口座凍結で脅している',
        explanation: '銀行の定期的な情報確認は実際にありますが、メールのリンクからの回答がないだけで口座を凍結すると脅すことはありません。',
        excerpt: 'ご回答がない場合は、口座を凍結致します。',
      },
      {
        label: '宛名が個人名ではない',
        explanation: '口座を持つ本人に送るなら、銀行は氏名を知っています。「ご利用のお客様へ」は一斉送信の印です。',
        excerpt: 'あおば銀行をご利用のお客様へ',
      },
      {
        label: 'リンク先が銀行のドメインではない',
        explanation: '「aoba-bank」の後ろに続く「kakunin-center.example」が本当のドメインです。ネットバンキングはブックマークか公式アプリから開きましょう。',
        excerpt: 'aoba-bank.kakunin-center.example',
      },
      {
        label: '不自然な送信元アドレス',
        explanation: '「center01」のように番号を付けたアドレスは、銀行の正式な送信元らしくありません。',
        excerpt: 'aobabank-center01',
      },
    ],
  },
  {
    key: 'securities-transaction-restriction',
    name: '証券会社の取引制限（多要素認証の設定）',
    category: 'bank',
    difficulty: 2,
    sender_name: 'ひかり証券',
    sender_local_part: 'security-notice',
    subject: '【ひかり証券】重要：お取引制限のお知らせ（多要素認証の設定が必要です）',
    html_body: `<div style="font-family:sans-serif;font-size:14px;line-height:1.7;color:#222222;">
<div style="background:#f57c00;color:#ffffff;padding:10px 16px;font-size:18px;font-weight:bold;">ひかり証券</div>
<p>{{name}} 様</p>
<p>平素はひかり証券をご利用いただき、誠にありがとうございます。</p>
<p>昨今、フィッシング詐欺による不正ログイン・不正取引の被害が多発していることを受け、当社では多要素認証の設定を必須とさせていただきました。</p>
<p>お客様のアカウントでは多要素認証の設定が確認できなかったため、{{date}}より、株式の売却・出金を含む一部のお取引を制限しております。</p>
<p>制限を解除するには、下記より本人確認と多要素認証の設定を行ってください。</p>
<p><a href="{{url}}">https://hikari-sec.mfa-setup.example/auth</a></p>
<p>ひかり証券株式会社 お客様サポートセンター</p>
</div>`,
    text_body: `{{name}} 様

平素はひかり証券をご利用いただき、誠にありがとうございます。

昨今、フィッシング詐欺による不正ログイン・不正取引の被害が多発していることを受け、当社では多要素認証の設定を必須とさせていただきました。

お客様のアカウントでは多要素認証の設定が確認できなかったため、{{date}}より、株式の売却・出金を含む一部のお取引を制限しております。

制限を解除するには、下記より本人確認と多要素認証の設定を行ってください。

多要素認証を設定する（hikari-sec.mfa-setup.example）
{{url}}

ひかり証券株式会社 お客様サポートセンター`,
    landing: 'login',
    red_flags: [
      {
        label: '注意喚起を装って信用させている',
        explanation: 'フィッシング被害への対策を口実にすると、かえって本物らしく見えます。2025年に証券会社をかたるメールが急増したときも、この書き出しが多く使われました。',
        excerpt: 'フィッシング詐欺による不正ログイン・不正取引の被害が多発',
      },
      {
        label: '取引制限で焦らせている',
        explanation: '売却や出金ができないと言われると、資産が心配になって急いでしまいます。証券会社のアプリや公式サイトに自分でログインして、お知らせを確かめましょう。',
        excerpt: '株式の売却・出金を含む一部のお取引を制限しております',
      },
      {
        label: 'リンク先が証券会社のドメインではない',
        explanation: '実際のドメインは「mfa-setup.example」で、ひかり証券のものではありません。ここでIDやパスワード、認証コードを入力すると口座を乗っ取られます。',
        excerpt: 'hikari-sec.mfa-setup.example',
      },
    ],
  },
  {
    key: 'securities-dividend-payment',
    name: '証券会社の配当金受け取り手続き',
    category: 'bank',
    difficulty: 3,
    sender_name: 'ひかり証券',
    sender_local_part: 'info',
    subject: '【ひかり証券】配当金のお受け取りについて',
    html_body: `<div style="font-family:sans-serif;font-size:14px;line-height:1.7;color:#222222;">
<div style="border-bottom:3px solid #f57c00;padding:8px 0;font-size:18px;font-weight:bold;color:#e65100;">ひかり証券</div>
<p>{{name}} 様</p>
<p>いつもひかり証券をご利用いただき、ありがとうございます。</p>
<p>お客様がお持ちの銘柄について、配当金のお支払いが確定しました。<br>配当金受取方式の確認が完了していないため、現在お受け取りを保留しております。</p>
<table style="border-collapse:collapse;margin:8px 0;">
<tr><td style="padding:4px 12px 4px 0;color:#555555;">支払確定日</td><td style="padding:4px 0;">{{date}}</td></tr>
<tr><td style="padding:4px 12px 4px 0;color:#555555;">お手続き期限</td><td style="padding:4px 0;">支払確定日から14日間</td></tr>
</table>
<p>お受け取り方式の確認は、会員サイトの「お客様情報」メニューから行えます。</p>
<p><a href="{{url}}" style="display:inline-block;background:#f57c00;color:#ffffff;padding:10px 20px;text-decoration:none;border-radius:4px;">会員サイトにログイン</a></p>
<hr style="border:none;border-top:1px solid #dddddd;">
<p><small>ひかり証券株式会社<br>本メールは送信専用アドレスからお送りしています。</small></p>
</div>`,
    text_body: `{{name}} 様

いつもひかり証券をご利用いただき、ありがとうございます。

お客様がお持ちの銘柄について、配当金のお支払いが確定しました。
配当金受取方式の確認が完了していないため、現在お受け取りを保留しております。

支払確定日：{{date}}
お手続き期限：支払確定日から14日間

お受け取り方式の確認は、会員サイトの「お客様情報」メニューから行えます。

会員サイトにログイン
{{url}}

ひかり証券株式会社
本メールは送信専用アドレスからお送りしています。`,
    landing: 'login',
    red_flags: [
      {
        label: '銘柄名も金額もない配当金の知らせ',
        explanation: '本物の配当金の案内なら、銘柄と金額が書かれています。株を持っていない人にも届くよう、あえてぼかしています。',
        excerpt: '配当金のお支払いが確定しました',
      },
      {
        label: '「保留」で手続きを促している',
        explanation: 'もらえるはずのお金が止まっていると言われると、確かめたくなります。手続きが必要かどうかは、公式アプリにログインして確認しましょう。',
        excerpt: '現在お受け取りを保留しております',
      },
      {
        label: 'ボタンの行き先が見えない',
        explanation: 'ボタンの文字からは行き先がわかりません。証券口座のログインは、メールのリンクではなくブックマークや公式アプリからにしましょう。',
        excerpt: '会員サイトにログイン',
      },
    ],
  },
];
