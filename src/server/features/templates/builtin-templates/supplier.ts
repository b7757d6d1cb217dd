import type { BuiltinTemplate } from './builtin-template.types';

/** A supplier's mail (請求書, 振込先変更: business e-mail compromise), as the fictitious 株式会社ハルカゼ商事. */
export const SUPPLIER_TEMPLATES: readonly BuiltinTemplate[] = [
  {
    key: 'supplier-invoice-download',
    name: '取引先をかたる請求書のダウンロード（パスワード別送のZIP）',
    category: 'supplier',
    difficulty: 2,
    sender_name: '株式会社ハルカゼ商事 経理部',
    sender_local_part: 'keiri',
    subject: '【ご請求書送付のご案内】{{company_name}} 御中',
    html_body: `<div style="font-family:sans-serif;font-size:14px;line-height:1.7;color:#222222;">
<p>{{company_name}}<br>{{department}} ご担当者様</p>
<p>いつも大変お世話になっております。<br>株式会社ハルカゼ商事 経理部の小林でございます。</p>
<p>今月締め分のご請求書を発行いたしましたので、下記よりダウンロードをお願いいたします。<br>システム移行に伴い、今回より請求書はダウンロード形式でのお届けとなります。</p>
<p>請求書ダウンロード（ファイル形式：ZIP）<br><a href="{{url}}">https://harukaze-shoji.invoice-box.example/download</a></p>
<p>ファイルを開く際のパスワードは、別メールにてお送りいたします。</p>
<p>お支払い期限：今月末日<br>ご不明な点がございましたら、本メールにご返信ください。</p>
<p>株式会社ハルカゼ商事 経理部<br>小林 恵</p>
</div>`,
    text_body: `{{company_name}}
{{department}} ご担当者様

いつも大変お世話になっております。
株式会社ハルカゼ商事 経理部の小林でございます。

今月締め分のご請求書を発行いたしましたので、下記よりダウンロードをお願いいたします。
システム移行に伴い、今回より請求書はダウンロード形式でのお届けとなります。

請求書ダウンロード（ファイル形式：ZIP）
{{url}}

ファイルを開く際のパスワードは、別メールにてお送りいたします。

お支払い期限：今月末日
ご不明な点がございましたら、本メールにご返信ください。

株式会社ハルカゼ商事 経理部
小林 恵`,
    landing: 'training',
    red_flags: [
      {
        label: '取引のある会社か',
        explanation: '聞き覚えのある社名でも、本当に取引があるか、経理や購買の担当者に確かめましょう。実在する取引先の名前をかたることもあります。',
        excerpt: '株式会社ハルカゼ商事 経理部',
      },
      {
        label: 'パスワード付きZIPのダウンロード',
        explanation: 'パスワード付きのZIPファイルは、ウイルス対策ソフトの検査をすり抜けるため、マルウェアの配布によく使われます。パスワードを別メールで送る手口も典型です。',
        excerpt: 'ファイル形式：ZIP',
      },
      {
        label: '「今回より」手順が変わる',
        explanation: 'いつもと違う受け取り方に切り替えさせるのは、偽のファイルを開かせるための口実です。',
        excerpt: '今回より請求書はダウンロード形式でのお届けとなります',
      },
      {
        label: '宛名が「ご担当者様」',
        explanation: '普段やりとりしている取引先なら、担当者の名前を知っているはずです。',
        excerpt: 'ご担当者様',
      },
    ],
  },
  {
    key: 'supplier-bank-account-change',
    name: '取引先をかたる振込先口座の変更（ビジネスメール詐欺）',
    category: 'supplier',
    difficulty: 3,
    sender_name: '小林 恵（株式会社ハルカゼ商事）',
    sender_local_part: 'kobayashi.megumi',
    subject: 'Re: 【ご連絡】お振込先口座変更のお願い',
    html_body: `<div style="font-family:sans-serif;font-size:14px;line-height:1.7;color:#222222;">
<p>{{company_name}}<br>{{department}} {{name}} 様</p>
<p>いつもお世話になっております。<br>株式会社ハルカゼ商事の小林です。</p>
<p>先日お電話でもお伝えしましたが、弊社メインバンクの変更に伴い、{{date}}以降のお支払い分より、お振込先口座を下記のとおり変更させていただくことになりました。</p>
<p style="padding-left:12px;border-left:3px solid #cccccc;">新しいお振込先：あおば銀行 みなと支店 普通 7654321<br>口座名義：カ）ハルカゼシヨウジ</p>
<p>旧口座は近日中に解約予定のため、今月のお支払いから新口座へのお振込をお願いいたします。<br>正式な「振込先変更依頼書」（押印済み）は下記よりご確認ください。</p>
<p><a href="{{url}}">振込先変更依頼書を確認する</a></p>
<p>急なお願いで恐縮ですが、本件は社内で決裁済みのため、お電話でのご確認は不要です。<br>何卒よろしくお願いいたします。</p>
<p>株式会社ハルカゼ商事 経理部<br>小林 恵</p>
</div>`,
    text_body: `{{company_name}}
{{department}} {{name}} 様

いつもお世話になっております。
株式会社ハルカゼ商事の小林です。

先日お電話でもお伝えしましたが、弊社メインバンクの変更に伴い、{{date}}以降のお支払い分より、お振込先口座を下記のとおり変更させていただくことになりました。

新しいお振込先：あおば銀行 みなと支店 普通 7654321
口座名義：カ）ハルカゼシヨウジ

旧口座は近日中に解約予定のため、今月のお支払いから新口座へのお振込をお願いいたします。
正式な「振込先変更依頼書」（押印済み）は下記よりご確認ください。

振込先変更依頼書を確認する
{{url}}

急なお願いで恐縮ですが、本件は社内で決裁済みのため、お電話でのご確認は不要です。
何卒よろしくお願いいたします。

株式会社ハルカゼ商事 経理部
小林 恵`,
    landing: 'training',
    red_flags: [
      {
        label: '振込先の変更依頼',
        explanation: '取引先を装って振込先を変えさせるのは、ビジネスメール詐欺（BEC）の典型です。振込先の変更は、メールに書かれた番号ではなく、以前から知っている電話番号で担当者に確かめましょう。',
        excerpt: 'お振込先口座を下記のとおり変更させていただくことになりました',
      },
      {
        label: '電話での確認を封じている',
        explanation: '「確認は不要」とわざわざ書くのは、確認されると困るからです。',
        excerpt: 'お電話でのご確認は不要です',
      },
      {
        label: '覚えのない「先日のお電話」',
        explanation: '話したことのない電話を前提にして、すでに合意があるように思わせています。',
        excerpt: '先日お電話でもお伝えしましたが',
      },
      {
        label: '「Re:」で返信に見せかけている',
        explanation: '件名に「Re:」を付けて、やりとりの続きのように見せています。自分が送ったメールへの返信かどうか確かめましょう。',
        excerpt: 'Re:',
      },
    ],
  },
];
