import type { BuiltinTemplate } from './builtin-template.types';

/** Parcel delivery (不在通知), as the fictitious サクラ急便, ツバメ配送 and ヤマネコ運輸. */
export const DELIVERY_TEMPLATES: readonly BuiltinTemplate[] = [
  {
    key: 'delivery-absence-sms-style',
    name: '宅配便の不在通知（SMS風・再配達の依頼）',
    category: 'delivery',
    difficulty: 1,
    sender_name: 'サクラ急便',
    sender_local_part: 's-kyubin.fuzai',
    subject: 'お荷物のお届けにあがりましたが、不在の為持ち帰りました。',
    html_body: `<div style="font-family:sans-serif;font-size:14px;line-height:1.7;color:#222222;">
<p>お客様</p>
<p>サクラ急便です。お荷物のお届けにあがりましたが不在の為持ち帰りました。<br>下記よりご確認下さい。</p>
<p>お荷物番号：4423-8871-0032<br>保管期限：本日中</p>
<p>※保管期限を過ぎますとお荷物は差出人へ返送されます。</p>
<p>再配達のご依頼はこちら<br><a href="{{url}}">https://sakura-kyubin.redelivery-jp.example/</a></p>
</div>`,
    text_body: `お客様

サクラ急便です。お荷物のお届けにあがりましたが不在の為持ち帰りました。
下記よりご確認下さい。

お荷物番号：4423-8871-0032
保管期限：本日中

※保管期限を過ぎますとお荷物は差出人へ返送されます。

再配達のご依頼はこちら（sakura-kyubin.redelivery-jp.example）
{{url}}`,
    landing: 'training',
    red_flags: [
      {
        label: '心当たりのない不在通知',
        explanation: '宅配業者は、不在時には不在票を郵便受けに入れます。荷物を頼んだ覚えがなければ、まず疑いましょう。',
        excerpt: 'お荷物のお届けにあがりましたが不在の為持ち帰りました',
      },
      {
        label: '保管期限が「本日中」',
        explanation: '通常、荷物は数日間保管されます。当日中という短い期限は、考える時間を与えないためのものです。',
        excerpt: '保管期限：本日中',
      },
      {
        label: '宛名も差出人も品名もない',
        explanation: '「お客様」とだけあり、誰から何が届いたのかが書かれていません。誰にでも当てはまるように作った一斉送信の文面です。',
        excerpt: 'お客様',
      },
      {
        label: 'リンク先が宅配業者のドメインではない',
        explanation: '「sakura-kyubin」の後ろに続く「redelivery-jp.example」が本当のドメインです。再配達は、不在票の番号から公式サイトや電話で依頼しましょう。',
        excerpt: 'sakura-kyubin.redelivery-jp.example',
      },
    ],
  },
  {
    key: 'delivery-address-incomplete',
    name: '宅配便の住所不備（再配達手数料の支払い）',
    category: 'delivery',
    difficulty: 2,
    sender_name: 'ツバメ配送',
    sender_local_part: 'support',
    subject: '【ツバメ配送】ご住所不備によりお荷物をお届けできませんでした',
    html_body: `<div style="font-family:sans-serif;font-size:14px;line-height:1.7;color:#222222;">
<div style="background:#283593;color:#ffffff;padding:10px 16px;font-size:18px;font-weight:bold;">ツバメ配送</div>
<p>{{name}} 様</p>
<p>ツバメ配送をご利用いただきありがとうございます。</p>
<p>{{date}}にお届け予定のお荷物について、ご住所の番地・部屋番号が不足していたため、お届けできませんでした。<br>現在、お荷物は最寄りの営業所で保管しております。</p>
<p>お手数ですが、下記よりお届け先住所を修正のうえ、再配達手数料（330円）のお支払いをお願いいたします。<br>保管期限を過ぎたお荷物は、差出人へ返送されます。</p>
<p><a href="{{url}}">https://tsubame-haiso.redelivery.example/address</a></p>
<p>ツバメ配送 お客様センター</p>
</div>`,
    text_body: `{{name}} 様

ツバメ配送をご利用いただきありがとうございます。

{{date}}にお届け予定のお荷物について、ご住所の番地・部屋番号が不足していたため、お届けできませんでした。
現在、お荷物は最寄りの営業所で保管しております。

お手数ですが、下記よりお届け先住所を修正のうえ、再配達手数料（330円）のお支払いをお願いいたします。
保管期限を過ぎたお荷物は、差出人へ返送されます。

お届け先を修正する（tsubame-haiso.redelivery.example）
{{url}}

ツバメ配送 お客様センター`,
    landing: 'training',
    red_flags: [
      {
        label: '再配達に手数料を求めている',
        explanation: '再配達は通常無料です。少額の手数料を口実に、カード番号を入力させるのが狙いです。',
        excerpt: '再配達手数料（330円）のお支払い',
      },
      {
        label: '差出人も品名も書かれていない',
        explanation: 'どこから何が届く予定なのかが書かれていないため、誰にでも当てはまります。注文した覚えがあるか照らし合わせましょう。',
        excerpt: 'お届け予定のお荷物について',
      },
      {
        label: 'リンク先が宅配業者のドメインではない',
        explanation: '実際のドメインは「redelivery.example」で、ツバメ配送のものではありません。',
        excerpt: 'tsubame-haiso.redelivery.example',
      },
    ],
  },
  {
    key: 'delivery-schedule-change',
    name: '宅配便のお届け予定・受け取り日時の変更',
    category: 'delivery',
    difficulty: 3,
    sender_name: 'ヤマネコ運輸',
    sender_local_part: 'mail-info',
    subject: '【ヤマネコ運輸】お届け予定日時のお知らせ・受け取り日時の変更',
    html_body: `<div style="font-family:sans-serif;font-size:14px;line-height:1.7;color:#222222;">
<div style="border-bottom:3px solid #f9a825;padding:8px 0;font-size:18px;font-weight:bold;color:#333333;">ヤマネコ運輸</div>
<p>{{name}} 様</p>
<p>ヤマネコ運輸です。<br>{{name}} 様宛てのお荷物のお届け予定をお知らせします。</p>
<table style="border-collapse:collapse;margin:8px 0;">
<tr><td style="padding:4px 12px 4px 0;color:#555555;">お届け予定日</td><td style="padding:4px 0;">{{date}}</td></tr>
<tr><td style="padding:4px 12px 4px 0;color:#555555;">時間帯</td><td style="padding:4px 0;">19時～21時</td></tr>
<tr><td style="padding:4px 12px 4px 0;color:#555555;">ご依頼主</td><td style="padding:4px 0;">ネットショップ事務局</td></tr>
<tr><td style="padding:4px 12px 4px 0;color:#555555;">品名</td><td style="padding:4px 0;">雑貨</td></tr>
</table>
<p>ご不在の場合やお届け日時を変更されたい場合は、下記より受け取り日時・場所をご指定ください。<br>なお、お届け先の確認のため、初回のみ会員登録（無料）が必要です。</p>
<p><a href="{{url}}" style="display:inline-block;background:#f9a825;color:#222222;padding:10px 20px;text-decoration:none;border-radius:4px;">受け取り日時を変更する</a></p>
<hr style="border:none;border-top:1px solid #dddddd;">
<p><small>ヤマネコ運輸株式会社<br>このメールは送信専用です。ご返信いただいてもお答えできません。</small></p>
</div>`,
    text_body: `{{name}} 様

ヤマネコ運輸です。
{{name}} 様宛てのお荷物のお届け予定をお知らせします。

お届け予定日：{{date}}
時間帯：19時～21時
ご依頼主：ネットショップ事務局
品名：雑貨

ご不在の場合やお届け日時を変更されたい場合は、下記より受け取り日時・場所をご指定ください。
なお、お届け先の確認のため、初回のみ会員登録（無料）が必要です。

受け取り日時を変更する
{{url}}

ヤマネコ運輸株式会社
このメールは送信専用です。ご返信いただいてもお答えできません。`,
    landing: 'login',
    red_flags: [
      {
        label: '依頼主があいまい',
        explanation: '「ネットショップ事務局」では、どの店からの荷物かわかりません。最近の注文と照らし合わせ、覚えがなければ開かないようにしましょう。',
        excerpt: 'ネットショップ事務局',
      },
      {
        label: '日時変更のために会員登録を求めている',
        explanation: '受け取り日時を変えるだけなのに、会員登録でメールアドレスやパスワード、カード情報を入力させようとしています。',
        excerpt: '初回のみ会員登録（無料）が必要です',
      },
      {
        label: 'ボタンの行き先が見えない',
        explanation: 'ボタンの文字からは行き先がわかりません。伝票番号がわかるなら、公式アプリや公式サイトで追跡しましょう。',
        excerpt: '受け取り日時を変更する',
      },
    ],
  },
];
