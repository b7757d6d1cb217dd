import type { BuiltinTemplate } from './builtin-template.types';

/** EC sites: the most reported theme of 2025–2026. Brand: the fictitious ミドリマート. */
export const EC_TEMPLATES: readonly BuiltinTemplate[] = [
  {
    key: 'ec-account-suspended',
    name: 'ECサイトのアカウント停止（24時間以内に本人確認）',
    category: 'ec',
    difficulty: 1,
    sender_name: 'MidoriMart Service',
    sender_local_part: 'midorimart-security-alert',
    subject: '【緊急】お客様のアカウントは一時停止されました。２４時間以内にご確認下さい',
    html_body: `<div style="font-family:sans-serif;font-size:14px;line-height:1.7;color:#222222;">
<div style="background:#2e7d32;color:#ffffff;padding:10px 16px;font-size:18px;font-weight:bold;">ミドリマート</div>
<p>お客様</p>
<p>いつもミドリマートをご利用頂き誠にありがとうございます。</p>
<p>お客様のアカウントに異常なログインが検出されましたため、安全の為にアカウントを一時停止致しました。<br>下記のリンクよりご本人様确认を行って下さい。</p>
<p><strong style="color:#c62828;">２４時間以内に確認が完了されない場合</strong>、アカウントは永久に停止され、ご注文はすべてキャンセルされますのでご了承くださいませ。</p>
<p>▼アカウント確認<br><a href="{{url}}">https://midori-mart.account-check.example/verify</a></p>
<p>ミドリマート カスタマーサービス<br><small>※本メールは送信専用です。</small></p>
</div>`,
    text_body: `お客様

いつもミドリマートをご利用頂き誠にありがとうございます。

お客様のアカウントに異常なログインが検出されましたため、安全の為にアカウントを一時停止致しました。
下記のリンクよりご本人様确认を行って下さい。

２４時間以内に確認が完了されない場合、アカウントは永久に停止され、ご注文はすべてキャンセルされますのでご了承くださいませ。

▼アカウント確認（midori-mart.account-check.example）
{{url}}

ミドリマート カスタマーサービス
※本メールは送信専用です。`,
    landing: 'login',
    red_flags: [
      {
        label: '期限を切って脅している',
        explanation: '「24時間以内」「永久に停止」と焦らせ、考える時間を奪うのはフィッシングの典型です。本物の通知は、これほど短い期限で脅すことはまずありません。',
        excerpt: '２４時間以内に確認が完了されない場合',
      },
      {
        label: '宛名が「お客様」',
        explanation: '会員登録している通販サイトなら、通常は登録した氏名で呼びかけます。名前を知らない送り手が一斉送信している可能性があります。',
        excerpt: 'お客様',
      },
      {
        label: '日本語に見慣れない漢字が混ざっている',
        explanation: '「确认」は中国語の簡体字で、日本語の「確認」ではありません。機械翻訳や海外の詐欺グループが作った文面によく見られます。',
        excerpt: 'ご本人様确认',
      },
      {
        label: 'リンク先が公式サイトではない',
        explanation: '「midori-mart」という名前が入っていても、その後ろの「account-check.example」が実際のドメインです。公式サイトはブックマークや公式アプリから開きましょう。',
        excerpt: 'midori-mart.account-check.example',
      },
    ],
  },
  {
    key: 'ec-payment-method-update',
    name: 'ECサイトの支払い方法更新（注文保留）',
    category: 'ec',
    difficulty: 2,
    sender_name: 'ミドリマ一ト',
    sender_local_part: 'account-update',
    subject: '【ミドリマート】お支払い方法を更新してください（ご注文が保留になっています）',
    html_body: `<div style="font-family:sans-serif;font-size:14px;line-height:1.7;color:#222222;">
<div style="background:#2e7d32;color:#ffffff;padding:10px 16px;font-size:18px;font-weight:bold;">ミドリマート</div>
<p>{{name}} 様</p>
<p>ミドリマートをご利用いただきありがとうございます。</p>
<p>ご登録のクレジットカードの有効期限が切れているか、カード会社での承認が得られなかったため、以下のご注文が保留となっております。</p>
<table style="border-collapse:collapse;margin:8px 0;">
<tr><td style="padding:4px 12px 4px 0;color:#555555;">ご注文日</td><td style="padding:4px 0;">{{date}}</td></tr>
<tr><td style="padding:4px 12px 4px 0;color:#555555;">お支払い状況</td><td style="padding:4px 0;">承認エラー</td></tr>
</table>
<p>お手数ですが、48時間以内にお支払い方法を更新してください。期限を過ぎますと、ご注文は自動的にキャンセルされ、アカウントのご利用が制限される場合がございます。</p>
<p><a href="{{url}}">https://midori-mart.payment-update.example/wallet</a></p>
<p>今後ともミドリマートをよろしくお願いいたします。<br>ミドリマート カスタマーサービス</p>
</div>`,
    text_body: `{{name}} 様

ミドリマートをご利用いただきありがとうございます。

ご登録のクレジットカードの有効期限が切れているか、カード会社での承認が得られなかったため、以下のご注文が保留となっております。

ご注文日：{{date}}
お支払い状況：承認エラー

お手数ですが、48時間以内にお支払い方法を更新してください。期限を過ぎますと、ご注文は自動的にキャンセルされ、アカウントのご利用が制限される場合がございます。

▼お支払い方法の更新（midori-mart.payment-update.example）
{{url}}

今後ともミドリマートをよろしくお願いいたします。
ミドリマート カスタマーサービス`,
    landing: 'login',
    red_flags: [
      {
        label: '差出人名の文字がすり替わっている',
        explanation: '差出人の「ミドリマ一ト」は、長音の「ー」ではなく漢数字の「一」です。見た目の似た文字で本物らしく見せる手口です。',
        excerpt: 'ミドリマ一ト',
      },
      {
        label: 'どの注文なのかが書かれていない',
        explanation: '「以下のご注文」と言いながら、注文番号も商品名もありません。本物の通知なら、どの注文の話かが必ずわかります。',
        excerpt: '以下のご注文が保留となっております',
      },
      {
        label: '期限を切って更新を迫っている',
        explanation: '「48時間以内」「アカウントの制限」で急がせています。支払い方法は、メールのリンクではなく公式アプリやブックマークから確認しましょう。',
        excerpt: '48時間以内にお支払い方法を更新してください',
      },
      {
        label: 'リンク先が公式サイトではない',
        explanation: 'リンクの文字に「midori-mart」と入っていても、実際のドメインは「payment-update.example」です。カード情報を入力させるための偽サイトです。',
        excerpt: 'midori-mart.payment-update.example',
      },
    ],
  },
  {
    key: 'ec-order-confirmation',
    name: 'ECサイトの注文確認（身に覚えのない高額注文）',
    category: 'ec',
    difficulty: 3,
    sender_name: 'ミドリマート',
    sender_local_part: 'order-update',
    subject: 'ご注文の確認：ワイヤレスノイズキャンセリングイヤホン ほか1点',
    html_body: `<div style="font-family:sans-serif;font-size:14px;line-height:1.7;color:#222222;">
<div style="border-bottom:3px solid #2e7d32;padding:8px 0;font-size:18px;font-weight:bold;color:#2e7d32;">ミドリマート</div>
<p>{{name}} 様</p>
<p>ミドリマートをご利用いただき、ありがとうございます。<br>以下のご注文を承りました。</p>
<table style="border-collapse:collapse;margin:8px 0;">
<tr><td style="padding:4px 12px 4px 0;color:#555555;">ご注文日</td><td style="padding:4px 0;">{{date}}</td></tr>
<tr><td style="padding:4px 12px 4px 0;color:#555555;">注文番号</td><td style="padding:4px 0;">503-2281946-7730152</td></tr>
<tr><td style="padding:4px 12px 4px 0;color:#555555;">お届け予定</td><td style="padding:4px 0;">3～5営業日以内</td></tr>
</table>
<ul>
<li>ワイヤレスノイズキャンセリングイヤホン（ブラック）×1</li>
<li>デジタルギフトコード 30,000円分 ×2</li>
</ul>
<p>ご請求額：<strong>￥98,760（税込）</strong><br>お届け先：東京都江戸川区 佐藤 様</p>
<p>ご注文内容の確認・キャンセルは、注文履歴からお手続きいただけます。<br>お心当たりのないご注文の場合は、お早めに注文履歴からキャンセルしてください。</p>
<p><a href="{{url}}" style="display:inline-block;background:#2e7d32;color:#ffffff;padding:10px 20px;text-decoration:none;border-radius:4px;">注文履歴を表示する</a></p>
<hr style="border:none;border-top:1px solid #dddddd;">
<p><small>ミドリマート<br>このメールは送信専用のアドレスから配信されています。</small></p>
</div>`,
    text_body: `{{name}} 様

ミドリマートをご利用いただき、ありがとうございます。
以下のご注文を承りました。

ご注文日：{{date}}
注文番号：503-2281946-7730152
お届け予定：3～5営業日以内

・ワイヤレスノイズキャンセリングイヤホン（ブラック）×1
・デジタルギフトコード 30,000円分 ×2

ご請求額：￥98,760（税込）
お届け先：東京都江戸川区 佐藤 様

ご注文内容の確認・キャンセルは、注文履歴からお手続きいただけます。
お心当たりのないご注文の場合は、お早めに注文履歴からキャンセルしてください。

注文履歴を表示する
{{url}}

ミドリマート
このメールは送信専用のアドレスから配信されています。`,
    landing: 'login',
    red_flags: [
      {
        label: '身に覚えのない高額な注文',
        explanation: '換金しやすいギフトコードを含む高額な注文で驚かせ、確かめようとリンクを押させるのが狙いです。',
        excerpt: 'デジタルギフトコード 30,000円分 ×2',
      },
      {
        label: '見知らぬお届け先',
        explanation: '自分の住所ではない届け先を見せ、「乗っ取られたのでは」と不安にさせています。',
        excerpt: '東京都江戸川区 佐藤 様',
      },
      {
        label: 'キャンセルをメールのリンクで促している',
        explanation: '不安になった人がリンクからログインするのを待っています。注文履歴は、メールのリンクではなく公式アプリやブックマークから確認しましょう。',
        excerpt: 'お心当たりのないご注文の場合は、お早めに注文履歴からキャンセルしてください。',
      },
    ],
  },
];
