import type { BuiltinTemplate } from './builtin-template.types';

/** Mobile carriers (料金未納), as the fictitious ソラモバイル. */
export const CARRIER_TEMPLATES: readonly BuiltinTemplate[] = [
  {
    key: 'carrier-unpaid-sms-style',
    name: '携帯料金の未払い（本日中に回線停止・SMS風）',
    category: 'carrier',
    difficulty: 1,
    sender_name: 'ソラモバイル料金センター',
    sender_local_part: 'kakin-info',
    subject: '【ソラモバイル】ご利用料金のお支払いが確認できません',
    html_body: `<div style="font-family:sans-serif;font-size:14px;line-height:1.7;color:#222222;">
<p>お客様</p>
<p>【ソラモバイル】ご利用料金のお支払いが確認できておりません。<br>本日中にお支払いが確認できない場合、回線のご利用を停止致します。</p>
<p>未払い料金：3,280円<br>お支払い方法：クレジットカード・電子マネー・ギフトカード</p>
<p>お支払い手続きはこちら<br><a href="{{url}}">https://sora-mobile.pay-check.example/</a></p>
<p>ソラモバイル料金センター</p>
</div>`,
    text_body: `お客様

【ソラモバイル】ご利用料金のお支払いが確認できておりません。
本日中にお支払いが確認できない場合、回線のご利用を停止致します。

未払い料金：3,280円
お支払い方法：クレジットカード・電子マネー・ギフトカード

お支払い手続きはこちら（sora-mobile.pay-check.example）
{{url}}

ソラモバイル料金センター`,
    landing: 'training',
    red_flags: [
      {
        label: 'ギフトカードでの支払いを求めている',
        explanation: '携帯電話の料金をギフトカードで払わせる会社はありません。ギフトカードでの支払いを求められたら、まず詐欺を疑いましょう。',
        excerpt: '電子マネー・ギフトカード',
      },
      {
        label: '当日中の回線停止で急がせている',
        explanation: '本当に未払いがあっても、当日いきなり回線が止まることはまずありません。請求は公式アプリや会員ページで確かめましょう。',
        excerpt: '本日中にお支払いが確認できない場合',
      },
      {
        label: '宛名が「お客様」',
        explanation: '契約者の名前を知っているはずの携帯会社が、名前で呼びかけていません。',
        excerpt: 'お客様',
      },
      {
        label: 'リンク先が携帯会社のドメインではない',
        explanation: '「sora-mobile」の後ろに続く「pay-check.example」が本当のドメインです。',
        excerpt: 'sora-mobile.pay-check.example',
      },
    ],
  },
  {
    key: 'carrier-payment-overdue-resend',
    name: '携帯料金の支払い期限経過（再送）',
    category: 'carrier',
    difficulty: 2,
    sender_name: 'ソラモバイル',
    sender_local_part: 'my-sora-info',
    subject: '【ソラモバイル】お支払い期限経過のご案内（再送）',
    html_body: `<div style="font-family:sans-serif;font-size:14px;line-height:1.7;color:#222222;">
<div style="background:#0288d1;color:#ffffff;padding:10px 16px;font-size:18px;font-weight:bold;">ソラモバイル</div>
<p>{{name}} 様</p>
<p>いつもソラモバイルをご利用いただき、ありがとうございます。</p>
<p>{{date}}時点で、ご利用料金のお支払いが確認できておりません。<br>先日ご案内を差し上げましたが、ご確認いただけましたでしょうか。</p>
<p>期限までにお支払いが確認できない場合、回線のご利用停止に加え、遅延損害金が発生する場合があります。<br>マイソラにログインのうえ、未払い料金をお支払いください。</p>
<p><a href="{{url}}">https://my-sora.mobile-pay.example/login</a></p>
<p>ソラモバイル株式会社<br><small>※行き違いでお支払い済みの場合はご容赦ください。</small></p>
</div>`,
    text_body: `{{name}} 様

いつもソラモバイルをご利用いただき、ありがとうございます。

{{date}}時点で、ご利用料金のお支払いが確認できておりません。
先日ご案内を差し上げましたが、ご確認いただけましたでしょうか。

期限までにお支払いが確認できない場合、回線のご利用停止に加え、遅延損害金が発生する場合があります。
マイソラにログインのうえ、未払い料金をお支払いください。

マイソラにログイン（my-sora.mobile-pay.example）
{{url}}

ソラモバイル株式会社
※行き違いでお支払い済みの場合はご容赦ください。`,
    landing: 'login',
    red_flags: [
      {
        label: '「再送」で見落としたと思わせる',
        explanation: '最初の案内を受け取っていないのに「再送」と書かれていると、自分が見落としたと思い込みがちです。',
        excerpt: '先日ご案内を差し上げましたが',
      },
      {
        label: '利用停止と遅延損害金で不安にさせる',
        explanation: '未払いの金額すら書かずに、不利益だけを並べています。請求額は公式アプリで確かめましょう。',
        excerpt: '回線のご利用停止に加え、遅延損害金が発生する場合があります',
      },
      {
        label: 'リンク先が携帯会社のドメインではない',
        explanation: '「my-sora」と会員サイトの名前が入っていても、実際のドメインは「mobile-pay.example」です。',
        excerpt: 'my-sora.mobile-pay.example',
      },
    ],
  },
];
