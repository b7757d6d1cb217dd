import type { BuiltinTemplate } from './builtin-template.types';

/** Smartphone accounts (the Apple ID theme), as the fictitious platform ルミナID and its ルミナクラウド. */
export const APPLE_ID_TEMPLATES: readonly BuiltinTemplate[] = [
  {
    key: 'apple-id-locked',
    name: 'スマホのアカウントロック（本日中に情報更新）',
    category: 'apple-id',
    difficulty: 1,
    sender_name: 'Lumina ID サポートセンター',
    sender_local_part: 'lumina-id-notice',
    subject: 'ルミナIDは、セキュリティ上の理由でロックされています。',
    html_body: `<div style="font-family:sans-serif;font-size:14px;line-height:1.7;color:#222222;">
<h2 style="font-size:20px;font-weight:normal;">ルミナID</h2>
<p>親愛なるお客様</p>
<p>あなたのルミナIDは、セキュリティ上の理由から無効になっています。<br>最近、あなたのアカウントにて不明なデバイスからのサインインが検出されました。</p>
<p>アカウントを引き続きご利用頂くためには、本日中に情報を更新する必要があります。<br>更新されない場合、あなたのアカウントは削除されます、また購入済みのコンテンツは使用できなくなります。</p>
<p>今すぐ確認する<br><a href="{{url}}">https://lumina-id.account-unlock.example/</a></p>
<p>Lumina ID サポートセンター<br><small>Copyright © 2026 Lumina Inc. All rights reserved.</small></p>
</div>`,
    text_body: `親愛なるお客様

あなたのルミナIDは、セキュリティ上の理由から無効になっています。
最近、あなたのアカウントにて不明なデバイスからのサインインが検出されました。

アカウントを引き続きご利用頂くためには、本日中に情報を更新する必要があります。
更新されない場合、あなたのアカウントは削除されます、また購入済みのコンテンツは使用できなくなります。

今すぐ確認する（lumina-id.account-unlock.example）
{{url}}

Lumina ID サポートセンター
Copyright © 2026 Lumina Inc. All rights reserved.`,
    landing: 'login',
    red_flags: [
      {
        label: '翻訳調の不自然な宛名',
        explanation: '「親愛なるお客様」は英語の “Dear Customer” を直訳した言い回しで、日本の企業はまず使いません。名前で呼びかけていない点も怪しい印です。',
        excerpt: '親愛なるお客様',
      },
      {
        label: '期限を切って急がせている',
        explanation: '「本日中」と期限を区切って、確かめる前にリンクを押させようとしています。',
        excerpt: '本日中に情報を更新する必要があります',
      },
      {
        label: 'アカウント削除で脅している',
        explanation: '購入済みのコンテンツが使えなくなると脅すのは、不安で冷静さを失わせる手口です。',
        excerpt: 'あなたのアカウントは削除されます',
      },
      {
        label: 'リンク先が公式サイトではない',
        explanation: '「lumina-id」と入っていても、実際のドメインは「account-unlock.example」です。アカウントの状態は端末の設定画面から確認しましょう。',
        excerpt: 'lumina-id.account-unlock.example',
      },
    ],
  },
  {
    key: 'apple-id-storage-payment-failed',
    name: 'スマホのクラウドストレージ容量不足（支払い情報の更新）',
    category: 'apple-id',
    difficulty: 2,
    sender_name: 'ルミナクラウド',
    sender_local_part: 'lumina-cloud-billing',
    subject: 'ルミナクラウドのストレージがいっぱいです：お支払い情報を更新してください',
    html_body: `<div style="font-family:sans-serif;font-size:14px;line-height:1.7;color:#1d1d1f;">
<h2 style="font-size:20px;font-weight:normal;">ルミナクラウド</h2>
<p>{{name}} 様</p>
<p>ルミナクラウドのストレージ容量が上限に達しました。<br>現在、写真・動画・連絡先などのバックアップが停止しています。</p>
<p>ご登録のお支払い方法で、ストレージプランの更新料金（月額130円）を決済できませんでした。<br>{{date}}までにお支払い情報を更新いただけない場合、保存されている写真やデータが削除される場合があります。</p>
<p><a href="{{url}}">https://lumina-cloud.billing-support.example/payment</a></p>
<p>ルミナクラウド サポート</p>
</div>`,
    text_body: `{{name}} 様

ルミナクラウドのストレージ容量が上限に達しました。
現在、写真・動画・連絡先などのバックアップが停止しています。

ご登録のお支払い方法で、ストレージプランの更新料金（月額130円）を決済できませんでした。
{{date}}までにお支払い情報を更新いただけない場合、保存されている写真やデータが削除される場合があります。

お支払い情報を更新する（lumina-cloud.billing-support.example）
{{url}}

ルミナクラウド サポート`,
    landing: 'login',
    red_flags: [
      {
        label: '大切な写真が消えると脅している',
        explanation: '家族の写真などが消えると言われると、慌てて手続きしてしまいます。支払いの状況は、端末の設定画面から確かめられます。',
        excerpt: '保存されている写真やデータが削除される場合があります',
      },
      {
        label: '少額の決済エラー',
        explanation: '月額130円のような少額なら警戒されにくく、カード番号から有効期限、セキュリティコードまで丸ごと入力させるのが狙いです。',
        excerpt: 'ストレージプランの更新料金（月額130円）を決済できませんでした',
      },
      {
        label: 'リンク先が公式サイトではない',
        explanation: '「lumina-cloud」の後ろに続く「billing-support.example」が本当のドメインです。',
        excerpt: 'lumina-cloud.billing-support.example',
      },
    ],
  },
  {
    key: 'apple-id-new-device-signin',
    name: 'スマホのアカウントに新しいデバイスからサインイン（信頼できるデバイスの確認）',
    category: 'apple-id',
    difficulty: 3,
    sender_name: 'ルミナID',
    sender_local_part: 'no-reply',
    subject: 'ルミナIDが新しいデバイスでのサインインに使用されました',
    html_body: `<div style="font-family:sans-serif;font-size:14px;line-height:1.7;color:#1d1d1f;">
<h2 style="font-size:20px;font-weight:normal;">ルミナID</h2>
<p>{{name}} 様</p>
<p>お使いのルミナID（{{email}}）が、{{date}} に新しいデバイスでのサインインに使用されました。</p>
<table style="border-collapse:collapse;margin:8px 0;">
<tr><td style="padding:4px 12px 4px 0;color:#6e6e73;">デバイス</td><td style="padding:4px 0;">Lumina Phone 15</td></tr>
<tr><td style="padding:4px 12px 4px 0;color:#6e6e73;">場所</td><td style="padding:4px 0;">大阪府大阪市（推定）</td></tr>
</table>
<p>このサインインにお心当たりがある場合は、このメールを無視していただいて構いません。</p>
<p>お心当たりがない場合は、第三者がお客様のパスワードを使用した可能性があります。信頼できるデバイスの登録を解除し、パスワードを変更してください。</p>
<p><a href="{{url}}">信頼できるデバイスを確認する</a></p>
<p>ルミナID サポート</p>
</div>`,
    text_body: `{{name}} 様

お使いのルミナID（{{email}}）が、{{date}} に新しいデバイスでのサインインに使用されました。

デバイス：Lumina Phone 15
場所：大阪府大阪市（推定）

このサインインにお心当たりがある場合は、このメールを無視していただいて構いません。

お心当たりがない場合は、第三者がお客様のパスワードを使用した可能性があります。信頼できるデバイスの登録を解除し、パスワードを変更してください。

信頼できるデバイスを確認する
{{url}}

ルミナID サポート`,
    landing: 'login',
    red_flags: [
      {
        label: '見知らぬ場所からのサインインで不安にさせる',
        explanation: '行ったことのない場所を見せて「乗っ取られたかも」と思わせ、確かめようとリンクを押させるのが狙いです。',
        excerpt: '大阪府大阪市（推定）',
      },
      {
        label: 'パスワード変更をメールのリンクで促している',
        explanation: '本物の通知もあるため見分けにくい文面です。心当たりがなくても、メールのリンクではなく、端末の設定画面や公式アプリから確認・変更しましょう。',
        excerpt: '第三者がお客様のパスワードを使用した可能性があります',
      },
      {
        label: 'リンクの行き先が見えない',
        explanation: 'リンクの文字からは行き先がわかりません。パソコンならマウスを重ねて、スマホなら長押しして、公式のドメインかどうかを確かめましょう。',
        excerpt: '信頼できるデバイスを確認する',
      },
    ],
  },
];
