import type { BuiltinTemplate } from './builtin-template.types';

/** Airline miles, as the fictitious つばさ航空 and its つばさマイル (失効, キャンペーン, 特典航空券). */
export const AIRLINE_TEMPLATES: readonly BuiltinTemplate[] = [
  {
    key: 'airline-miles-expiring',
    name: '航空会社のマイル失効（今すぐ交換）',
    category: 'airline',
    difficulty: 1,
    sender_name: 'つばさ航空マイレージクラブ',
    sender_local_part: 'tsubasa-mile-info',
    subject: '【お知らせ】あなたのマイルは今月で失効します！今すぐ交換してください',
    html_body: `<div style="font-family:sans-serif;font-size:14px;line-height:1.7;color:#222222;">
<div style="background:#0d47a1;color:#ffffff;padding:10px 16px;font-size:18px;font-weight:bold;">つばさ航空 マイレージクラブ</div>
<p>尊敬するつばさマイル会員様</p>
<p>いつもつばさ航空をご利用いただき誠に有難うございます。</p>
<p>あなたの保有するマイル（12,450マイル）は{{date}}に失効致します。<br>失効前に、電子マネーやギフト券と交換する事が可能です。</p>
<p>マイルが失効すると元に戻すことはできません、今すぐ下記リンクからログインしてお手続きしてください。</p>
<p><a href="{{url}}">https://tsubasa-air.mile-exchange.example/login</a></p>
<p>つばさ航空マイレージクラブ事務局</p>
</div>`,
    text_body: `尊敬するつばさマイル会員様

いつもつばさ航空をご利用いただき誠に有難うございます。

あなたの保有するマイル（12,450マイル）は{{date}}に失効致します。
失効前に、電子マネーやギフト券と交換する事が可能です。

マイルが失効すると元に戻すことはできません、今すぐ下記リンクからログインしてお手続きしてください。

マイルを交換する（tsubasa-air.mile-exchange.example）
{{url}}

つばさ航空マイレージクラブ事務局`,
    landing: 'login',
    red_flags: [
      {
        label: '翻訳調の不自然な宛名',
        explanation: '「尊敬する」は英語の “Dear” を機械翻訳した言い回しで、日本の企業の案内では使いません。',
        excerpt: '尊敬するつばさマイル会員様',
      },
      {
        label: '件名で急かしている',
        explanation: '「今すぐ」「！」で焦らせるのは典型です。マイルの有効期限は、公式アプリや会員ページで自分で確かめられます。',
        excerpt: '今すぐ交換してください',
      },
      {
        label: '日本語の区切りがおかしい',
        explanation: '文を読点でつなげたままにするのは、翻訳した文面によくある誤りです。',
        excerpt: '元に戻すことはできません、今すぐ',
      },
      {
        label: 'リンク先が航空会社のドメインではない',
        explanation: '「tsubasa-air」の後ろに続く「mile-exchange.example」が本当のドメインです。',
        excerpt: 'tsubasa-air.mile-exchange.example',
      },
    ],
  },
  {
    key: 'airline-bonus-mile-campaign',
    name: '航空会社のボーナスマイル進呈キャンペーン',
    category: 'airline',
    difficulty: 2,
    sender_name: 'つばさ航空 マイレージクラブ',
    sender_local_part: 'campaign',
    subject: '【つばさマイル】会員様限定：ボーナス5,000マイル進呈キャンペーンのご案内',
    html_body: `<div style="font-family:sans-serif;font-size:14px;line-height:1.7;color:#222222;">
<div style="background:#0d47a1;color:#ffffff;padding:10px 16px;font-size:18px;font-weight:bold;">つばさマイル 会員様限定キャンペーン</div>
<p>{{name}} 様</p>
<p>いつもつばさ航空をご利用いただき、ありがとうございます。</p>
<p>日頃のご愛顧に感謝を込めて、会員様限定のボーナスマイル進呈キャンペーンを実施しています。<br>期間中に会員情報の確認をお済ませいただいた方全員に、5,000マイルをプレゼントいたします。</p>
<table style="border-collapse:collapse;margin:8px 0;">
<tr><td style="padding:4px 12px 4px 0;color:#555555;">エントリー期限</td><td style="padding:4px 0;">{{date}}</td></tr>
<tr><td style="padding:4px 12px 4px 0;color:#555555;">対象</td><td style="padding:4px 0;">つばさマイル会員の皆様（先着10,000名様）</td></tr>
</table>
<p>エントリーには、会員番号とパスワードによるログインが必要です。</p>
<p><a href="{{url}}">https://tsubasa-mile.campaign-entry.example/entry</a></p>
<p>つばさ航空 マイレージクラブ事務局</p>
</div>`,
    text_body: `{{name}} 様

いつもつばさ航空をご利用いただき、ありがとうございます。

日頃のご愛顧に感謝を込めて、会員様限定のボーナスマイル進呈キャンペーンを実施しています。
期間中に会員情報の確認をお済ませいただいた方全員に、5,000マイルをプレゼントいたします。

エントリー期限：{{date}}
対象：つばさマイル会員の皆様（先着10,000名様）

エントリーには、会員番号とパスワードによるログインが必要です。

キャンペーンにエントリーする（tsubasa-mile.campaign-entry.example）
{{url}}

つばさ航空 マイレージクラブ事務局`,
    landing: 'login',
    red_flags: [
      {
        label: '情報の確認だけで特典がもらえる',
        explanation: '会員情報を確認するだけで5,000マイルという、うますぎる話です。キャンペーンは公式サイトやアプリのお知らせで確かめましょう。',
        excerpt: '会員情報の確認をお済ませいただいた方全員に、5,000マイルをプレゼントいたします',
      },
      {
        label: '「先着」で急がせている',
        explanation: '先着順と書くことで、確かめる前に急いでエントリーさせようとしています。',
        excerpt: '先着10,000名様',
      },
      {
        label: 'リンク先が航空会社のドメインではない',
        explanation: '「tsubasa-mile」の後ろに続く「campaign-entry.example」が本当のドメインです。ここで会員番号とパスワードを入力すると、マイルを盗まれます。',
        excerpt: 'tsubasa-mile.campaign-entry.example',
      },
    ],
  },
  {
    key: 'airline-award-ticket-booked',
    name: '航空会社の特典航空券予約（身に覚えのない予約）',
    category: 'airline',
    difficulty: 3,
    sender_name: 'つばさ航空',
    sender_local_part: 'booking',
    subject: '【つばさ航空】特典航空券のご予約を承りました',
    html_body: `<div style="font-family:sans-serif;font-size:14px;line-height:1.7;color:#222222;">
<div style="border-bottom:3px solid #0d47a1;padding:8px 0;font-size:18px;font-weight:bold;color:#0d47a1;">つばさ航空</div>
<p>{{name}} 様</p>
<p>つばさ航空をご利用いただき、ありがとうございます。<br>つばさマイルによる特典航空券のご予約を承りました。</p>
<table style="border-collapse:collapse;margin:8px 0;">
<tr><td style="padding:4px 12px 4px 0;color:#555555;">ご予約日</td><td style="padding:4px 0;">{{date}}</td></tr>
<tr><td style="padding:4px 12px 4px 0;color:#555555;">区間</td><td style="padding:4px 0;">東京（羽田）⇔ 那覇（往復）</td></tr>
<tr><td style="padding:4px 12px 4px 0;color:#555555;">ご利用マイル</td><td style="padding:4px 0;">30,000マイル</td></tr>
<tr><td style="padding:4px 12px 4px 0;color:#555555;">ご搭乗者</td><td style="padding:4px 0;">2名</td></tr>
</table>
<p>ご予約内容の確認・取り消しは、マイページから行えます。<br>ご予約にお心当たりのない場合は、不正利用の可能性がありますので、速やかにパスワードを変更してください。</p>
<p><a href="{{url}}" style="display:inline-block;background:#0d47a1;color:#ffffff;padding:10px 20px;text-decoration:none;border-radius:4px;">マイページにログイン</a></p>
<hr style="border:none;border-top:1px solid #dddddd;">
<p><small>つばさ航空 予約センター</small></p>
</div>`,
    text_body: `{{name}} 様

つばさ航空をご利用いただき、ありがとうございます。
つばさマイルによる特典航空券のご予約を承りました。

ご予約日：{{date}}
区間：東京（羽田）⇔ 那覇（往復）
ご利用マイル：30,000マイル
ご搭乗者：2名

ご予約内容の確認・取り消しは、マイページから行えます。
ご予約にお心当たりのない場合は、不正利用の可能性がありますので、速やかにパスワードを変更してください。

マイページにログイン
{{url}}

つばさ航空 予約センター`,
    landing: 'login',
    red_flags: [
      {
        label: '身に覚えのない予約で不安にさせる',
        explanation: 'マイルを勝手に使われたと思わせ、確かめようとリンクからログインさせるのが狙いです。',
        excerpt: 'ご予約にお心当たりのない場合は、不正利用の可能性があります',
      },
      {
        label: 'ボタンの行き先が見えない',
        explanation: 'ボタンの文字からは行き先がわかりません。予約の確認やパスワードの変更は、公式アプリやブックマークから行いましょう。',
        excerpt: 'マイページにログイン',
      },
    ],
  },
];
