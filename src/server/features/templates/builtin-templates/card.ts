import type { BuiltinTemplate } from './builtin-template.types';

/** Credit cards (利用確認, 不正利用), as the fictitious コトブキカード. */
export const CARD_TEMPLATES: readonly BuiltinTemplate[] = [
  {
    key: 'card-fraud-suspected',
    name: 'クレジットカードの不正利用検知（カード情報・暗証番号の入力）',
    category: 'card',
    difficulty: 1,
    sender_name: 'コトブキカード セキュリティ部',
    sender_local_part: 'card-info-jp2026',
    subject: '【重要】コトブキカード：不正利用の可能性がありますので至急確認して下さい！！',
    html_body: `<div style="font-family:sans-serif;font-size:14px;line-height:1.7;color:#222222;">
<div style="background:#8e1b3a;color:#ffffff;padding:10px 16px;font-size:18px;font-weight:bold;">コトブキカード</div>
<p>コトブキカード会員様</p>
<p>平素よりコトブキカードをご利用頂き、誠にありがとうございます。</p>
<p>弊社では、第三者による不正利用を防止するためにモニタリングを行っております。<br>お客様のカードに不正利用の可能性がある取引を検知しましたので、カードのご利用を一時的に停止させていただきました。</p>
<p>下記URLよりカード番号、有効期限、セキュリティコード及び暗証番号をご入力の上、ご本人確認をお願いいたします。<br><strong style="color:#c62828;">※確認が取れない場合、カードは永久に利用停止となります。</strong></p>
<p>▼ご本人確認<br><a href="{{url}}">https://kotobuki-card.security-check.example/login</a></p>
<p>コトブキカード株式会社 セキュリティ部</p>
</div>`,
    text_body: `コトブキカード会員様

平素よりコトブキカードをご利用頂き、誠にありがとうございます。

弊社では、第三者による不正利用を防止するためにモニタリングを行っております。
お客様のカードに不正利用の可能性がある取引を検知しましたので、カードのご利用を一時的に停止させていただきました。

下記URLよりカード番号、有効期限、セキュリティコード及び暗証番号をご入力の上、ご本人確認をお願いいたします。
※確認が取れない場合、カードは永久に利用停止となります。

▼ご本人確認（kotobuki-card.security-check.example）
{{url}}

コトブキカード株式会社 セキュリティ部`,
    landing: 'login',
    red_flags: [
      {
        label: '暗証番号まで入力させようとしている',
        explanation: 'カード会社がメールのリンク先で暗証番号やセキュリティコードを尋ねることはありません。入力すればそのまま悪用されます。',
        excerpt: 'セキュリティコード及び暗証番号',
      },
      {
        label: '件名で過度に急かしている',
        explanation: '「至急」「！！」と感嘆符を重ねて、落ち着いて確かめる前に行動させようとしています。',
        excerpt: '至急確認して下さい！！',
      },
      {
        label: '「永久に利用停止」と脅している',
        explanation: '極端な不利益をちらつかせるのは詐欺の常套手段です。心配なときはカード裏面の電話番号に問い合わせましょう。',
        excerpt: 'カードは永久に利用停止となります',
      },
      {
        label: '宛名に氏名がない',
        explanation: '会員の名前を知っているはずのカード会社が「会員様」としか書いていません。',
        excerpt: 'コトブキカード会員様',
      },
      {
        label: '不自然な送信元アドレス',
        explanation: '「card-info-jp2026」のような、年号や国名を付け足したアドレスはカード会社の正式な送信元らしくありません。',
        excerpt: 'card-info-jp2026',
      },
    ],
  },
  {
    key: 'card-usage-confirmation',
    name: 'クレジットカードのご利用確認（お取引の保留）',
    category: 'card',
    difficulty: 2,
    sender_name: 'コトブキカード',
    sender_local_part: 'card-support',
    subject: '【コトブキカード】ご利用確認のお願い（一部のお取引を保留しております）',
    html_body: `<div style="font-family:sans-serif;font-size:14px;line-height:1.7;color:#222222;">
<div style="background:#8e1b3a;color:#ffffff;padding:10px 16px;font-size:18px;font-weight:bold;">コトブキカード</div>
<p>{{name}} 様</p>
<p>いつもコトブキカードをご利用いただき、ありがとうございます。</p>
<p>{{date}}、お客様のカードで以下のご利用がありました。第三者による不正利用の可能性があるため、お取引を保留しております。</p>
<table style="border-collapse:collapse;margin:8px 0;">
<tr><td style="padding:4px 12px 4px 0;color:#555555;">ご利用先</td><td style="padding:4px 0;">GLOBAL TRADE SHOP</td></tr>
<tr><td style="padding:4px 12px 4px 0;color:#555555;">ご利用金額</td><td style="padding:4px 0;">89,800円</td></tr>
</table>
<p>お客様ご本人のご利用かどうか、3日以内に下記よりご回答ください。ご回答いただけない場合、カードのご利用を制限させていただく場合がございます。</p>
<p><a href="{{url}}">https://kotobuki-card.jp-member.example/confirm</a></p>
<p>コトブキカード株式会社</p>
</div>`,
    text_body: `{{name}} 様

いつもコトブキカードをご利用いただき、ありがとうございます。

{{date}}、お客様のカードで以下のご利用がありました。第三者による不正利用の可能性があるため、お取引を保留しております。

ご利用先：GLOBAL TRADE SHOP
ご利用金額：89,800円

お客様ご本人のご利用かどうか、3日以内に下記よりご回答ください。ご回答いただけない場合、カードのご利用を制限させていただく場合がございます。

ご利用内容を確認する（kotobuki-card.jp-member.example）
{{url}}

コトブキカード株式会社`,
    landing: 'login',
    red_flags: [
      {
        label: '回答をメールのリンクに求めている',
        explanation: '本物の利用確認は、電話やSMS、公式アプリで行われることが多いものです。気になるときは、メールのリンクではなくカード裏面の番号に電話して確かめましょう。',
        excerpt: 'お客様ご本人のご利用かどうか',
      },
      {
        label: '期限を切って利用制限をほのめかしている',
        explanation: '「3日以内」「利用を制限」と、急がせる要素を組み合わせています。',
        excerpt: '3日以内に下記よりご回答ください',
      },
      {
        label: 'リンク先が公式サイトではない',
        explanation: '「kotobuki-card」で始まっていても、実際のドメインは「jp-member.example」です。公式サイトの住所と一文字ずつ見比べましょう。',
        excerpt: 'kotobuki-card.jp-member.example',
      },
    ],
  },
  {
    key: 'card-billing-statement',
    name: 'クレジットカードのご請求額確定（口座振替不能・WEB明細）',
    category: 'card',
    difficulty: 3,
    sender_name: 'コトブキカード',
    sender_local_part: 'info',
    subject: '【コトブキカード】ご請求額確定のお知らせ',
    html_body: `<div style="font-family:sans-serif;font-size:14px;line-height:1.7;color:#222222;">
<div style="border-bottom:3px solid #8e1b3a;padding:8px 0;font-size:18px;font-weight:bold;color:#8e1b3a;">コトブキカード</div>
<p>{{name}} 様</p>
<p>いつもコトブキカードをご利用いただき、ありがとうございます。<br>今月のご請求額が確定いたしましたので、お知らせいたします。</p>
<p>お支払い日：{{date}}<br>ご請求額はWEB明細でご確認いただけます。</p>
<p>なお、ご登録のお支払い口座で前回の口座振替ができなかったため、今回に限り、WEB明細サービスからのお支払い手続きをお願いしております。</p>
<p><a href="{{url}}" style="display:inline-block;background:#8e1b3a;color:#ffffff;padding:10px 20px;text-decoration:none;border-radius:4px;">WEB明細サービスにログインする</a></p>
<hr style="border:none;border-top:1px solid #dddddd;">
<p><small>※本メールは、WEB明細サービスにご登録いただいたお客様にお送りしています。<br>コトブキカード株式会社</small></p>
</div>`,
    text_body: `{{name}} 様

いつもコトブキカードをご利用いただき、ありがとうございます。
今月のご請求額が確定いたしましたので、お知らせいたします。

お支払い日：{{date}}
ご請求額はWEB明細でご確認いただけます。

なお、ご登録のお支払い口座で前回の口座振替ができなかったため、今回に限り、WEB明細サービスからのお支払い手続きをお願いしております。

WEB明細サービスにログインする
{{url}}

※本メールは、WEB明細サービスにご登録いただいたお客様にお送りしています。
コトブキカード株式会社`,
    landing: 'login',
    red_flags: [
      {
        label: 'いつもと違う支払い方法を求めている',
        explanation: '毎月の案内に見せかけて、「今回に限り」サイトでの支払いに誘導しています。引き落としができなかったときは、通常は郵送などで案内があります。',
        excerpt: '今回に限り、WEB明細サービスからのお支払い手続きをお願いしております',
      },
      {
        label: '覚えのない引き落とし不能',
        explanation: '口座の残高不足などに心当たりがないなら、まず銀行の通帳やアプリで引き落としの記録を確かめましょう。',
        excerpt: '前回の口座振替ができなかったため',
      },
      {
        label: 'ボタンの行き先が見えない',
        explanation: 'ボタンの文字からは行き先がわかりません。マウスを重ねるか長押しして確かめるか、公式アプリから明細を開きましょう。',
        excerpt: 'WEB明細サービスにログインする',
      },
    ],
  },
];
