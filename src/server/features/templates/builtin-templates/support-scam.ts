import type { BuiltinTemplate } from './builtin-template.types';

/**
 * Support scams: a fake virus warning or renewal that leads to a phone call. The numbers begin
 * 050-0000, a block no carrier is known to use: never swap in a number that could ring someone.
 */
export const SUPPORT_SCAM_TEMPLATES: readonly BuiltinTemplate[] = [
  {
    key: 'support-scam-virus-warning',
    name: 'ウイルス感染の警告（サポート窓口への電話）',
    category: 'support-scam',
    difficulty: 1,
    sender_name: 'PCセキュリティ警告センター',
    sender_local_part: 'security-alert-center',
    subject: '【警告】お使いのパソコンがウイルスに感染しています（トロイの木馬：3件）',
    html_body: `<div style="font-family:sans-serif;font-size:14px;line-height:1.7;color:#222222;">
<div style="background:#c62828;color:#ffffff;padding:10px 16px;font-size:18px;font-weight:bold;">警告！！セキュリティ上の脅威が検出されました</div>
<p>{{email}} 様</p>
<p><strong>警告！！お使いのパソコンは、ウイルスに感染しています。</strong></p>
<p>検出された脅威：トロイの木馬 3件、スパイウェア 2件<br>個人情報（写真、パスワード、銀行の情報）が流出している可能性があります。</p>
<p>パソコンの電源を切ったり再起動したりしないでください。データが破損する恐れがあります。<br>直ちに下記のサポート窓口へお電話ください。</p>
<p style="font-size:18px;font-weight:bold;">PCセキュリティサポート窓口：050-0000-4821（24時間対応）</p>
<p><a href="{{url}}">詳細なスキャン結果はこちら</a></p>
<p>PCセキュリティ警告センター</p>
</div>`,
    text_body: `{{email}} 様

警告！！お使いのパソコンは、ウイルスに感染しています。

検出された脅威：トロイの木馬 3件、スパイウェア 2件
個人情報（写真、パスワード、銀行の情報）が流出している可能性があります。

パソコンの電源を切ったり再起動したりしないでください。データが破損する恐れがあります。
直ちに下記のサポート窓口へお電話ください。

PCセキュリティサポート窓口：050-0000-4821（24時間対応）

詳細なスキャン結果はこちら
{{url}}

PCセキュリティ警告センター`,
    landing: 'training',
    red_flags: [
      {
        label: 'メールで感染がわかるはずがない',
        explanation: 'メールの送り手に、あなたのパソコンの中身がわかることはありません。感染を告げるメールや画面そのものが詐欺です。',
        excerpt: 'お使いのパソコンは、ウイルスに感染しています',
      },
      {
        label: '電話をかけさせようとしている',
        explanation: '電話すると遠隔操作ソフトを入れさせられ、高額なサポート料をギフトカードなどで払わされます。2026年1月に急増したサポート詐欺の手口です。',
        excerpt: '050-0000-4821',
      },
      {
        label: '電源を切らせないようにしている',
        explanation: '本当は、電源を切ったりブラウザを閉じたりすれば警告は消えます。電話以外の選択肢をなくすための嘘です。',
        excerpt: 'パソコンの電源を切ったり再起動したりしないでください',
      },
      {
        label: '件名で恐怖をあおっている',
        explanation: '「警告」「トロイの木馬」と怖い言葉を並べて、冷静に考える前に行動させようとしています。',
        excerpt: '【警告】',
      },
    ],
  },
  {
    key: 'support-scam-license-renewal',
    name: 'セキュリティソフトの自動更新と返金窓口（サポート詐欺）',
    category: 'support-scam',
    difficulty: 2,
    sender_name: 'ミライセキュリティ 更新センター',
    sender_local_part: 'renewal-center',
    subject: '【ミライガード】年間ライセンス自動更新完了のお知らせ（39,800円）',
    html_body: `<div style="font-family:sans-serif;font-size:14px;line-height:1.7;color:#222222;">
<div style="background:#5e35b1;color:#ffffff;padding:10px 16px;font-size:18px;font-weight:bold;">ミライガード トータルセキュリティ</div>
<p>{{name}} 様</p>
<p>ミライガード トータルセキュリティをご利用いただき、ありがとうございます。</p>
<p>お客様の年間ライセンスは、{{date}}に自動更新されました。<br>ご登録のお支払い方法に、以下の金額を請求いたしました。</p>
<table style="border-collapse:collapse;margin:8px 0;">
<tr><td style="padding:4px 12px 4px 0;color:#555555;">製品名</td><td style="padding:4px 0;">ミライガード トータルセキュリティ（3台・1年版）</td></tr>
<tr><td style="padding:4px 12px 4px 0;color:#555555;">注文番号</td><td style="padding:4px 0;">MG-2026-118420</td></tr>
</table>
<p><strong>請求金額：39,800円（税込）</strong></p>
<p>自動更新を停止して返金を希望される場合は、48時間以内にカスタマーサポートまでお電話ください。<br>返金窓口：050-0000-7395（平日9時～18時）</p>
<p><a href="{{url}}">ご契約内容の確認はこちら</a></p>
<p>ミライセキュリティ株式会社 更新センター</p>
</div>`,
    text_body: `{{name}} 様

ミライガード トータルセキュリティをご利用いただき、ありがとうございます。

お客様の年間ライセンスは、{{date}}に自動更新されました。
ご登録のお支払い方法に、以下の金額を請求いたしました。

製品名：ミライガード トータルセキュリティ（3台・1年版）
注文番号：MG-2026-118420
請求金額：39,800円（税込）

自動更新を停止して返金を希望される場合は、48時間以内にカスタマーサポートまでお電話ください。
返金窓口：050-0000-7395（平日9時～18時）

ご契約内容の確認はこちら
{{url}}

ミライセキュリティ株式会社 更新センター`,
    landing: 'training',
    red_flags: [
      {
        label: '契約した覚えのない高額な請求',
        explanation: '使っていないソフトの請求で驚かせ、「返金してもらわなければ」と思わせるのが狙いです。',
        excerpt: '請求金額：39,800円（税込）',
      },
      {
        label: '返金を口実に電話させる',
        explanation: '電話すると「返金の手続き」と称して遠隔操作ソフトを入れさせたり、ネットバンキングを操作させたりして、逆にお金をだまし取ります。',
        excerpt: '050-0000-7395',
      },
      {
        label: '期限を切って急がせている',
        explanation: '「48時間以内」と区切って、カード明細や契約を確かめる前に電話させようとしています。',
        excerpt: '48時間以内にカスタマーサポートまでお電話ください',
      },
    ],
  },
];
