import type { BuiltinTemplate } from './builtin-template.types';

/**
 * The fake CEO: a boss asking for a LINE group (received in Japan from December 2025) or gift
 * cards. The chat app is named because moving the talk there is the lure's point; no company is
 * impersonated but the recipient's own.
 */
export const CEO_TEMPLATES: readonly BuiltinTemplate[] = [
  {
    key: 'ceo-gift-card-purchase',
    name: '社長をかたるギフトカード購入の依頼',
    category: 'ceo',
    difficulty: 1,
    sender_name: '社長',
    sender_local_part: 'ceo-office2026',
    subject: '今対応出来ますか？',
    html_body: `<div style="font-family:sans-serif;font-size:14px;line-height:1.7;color:#222222;">
<p>{{name}}さん</p>
<p>今、時間ありますか？<br>取引先へのお礼として、至急ギフトカードを購入して頂きたいです。<br>私は会議中で電話に出れません。</p>
<p>電子ギフトカード 5万円分×6枚 を購入し、カードの裏面のコードを写真を撮って下記から送ってください。<br>費用は後で精算しますので、立て替えお願いします。</p>
<p><a href="{{url}}">コードの送信はこちら</a></p>
<p>本件は内密にお願いします。</p>
</div>`,
    text_body: `{{name}}さん

今、時間ありますか？
取引先へのお礼として、至急ギフトカードを購入して頂きたいです。
私は会議中で電話に出れません。

電子ギフトカード 5万円分×6枚 を購入し、カードの裏面のコードを写真を撮って下記から送ってください。
費用は後で精算しますので、立て替えお願いします。

コードの送信はこちら
{{url}}

本件は内密にお願いします。`,
    landing: 'training',
    red_flags: [
      {
        label: 'ギフトカードを買わせようとしている',
        explanation: '経営者が社員にギフトカードを買わせ、コードを送らせることはありません。コードを送った時点でお金は取り戻せなくなります。',
        excerpt: '電子ギフトカード 5万円分×6枚',
      },
      {
        label: '電話で確かめられないようにしている',
        explanation: '「会議中で電話に出られない」は、本人に確認させないための決まり文句です。',
        excerpt: '私は会議中で電話に出れません。',
      },
      {
        label: '立て替えと口止め',
        explanation: '自腹で払わせたうえで「内密に」と口止めし、周りに相談させないようにしています。',
        excerpt: '本件は内密にお願いします。',
      },
      {
        label: '差出人名が「社長」だけ',
        explanation: '署名も氏名もなく、差出人名は「社長」だけです。送信元のアドレスが社内のものかを確かめましょう。',
        excerpt: '社長',
      },
    ],
  },
  {
    key: 'ceo-line-group',
    name: '社長をかたるLINEグループ作成の依頼',
    category: 'ceo',
    difficulty: 2,
    sender_name: '代表取締役社長',
    sender_local_part: 'president.office',
    subject: '【至急】業務連絡',
    html_body: `<div style="font-family:sans-serif;font-size:14px;line-height:1.7;color:#222222;">
<p>{{name}} さん</p>
<p>お疲れ様です。<br>現在、新しいプロジェクトの件で社外の方と打ち合わせ中のため、メールで失礼します。</p>
<p>本件は社内でもまだ公表していない案件のため、LINEで新しいグループを作成し、グループのQRコードを送ってください。<br>他の社員には、まだ話さないようにしてください。</p>
<p>QRコードの画像は、下記のフォームからアップロードしてください。<br><a href="{{url}}">QRコードのアップロード</a></p>
<p>会議が終わり次第、グループで詳しく指示します。<br>よろしくお願いします。</p>
<p>{{company_name}}<br>代表取締役</p>
</div>`,
    text_body: `{{name}} さん

お疲れ様です。
現在、新しいプロジェクトの件で社外の方と打ち合わせ中のため、メールで失礼します。

本件は社内でもまだ公表していない案件のため、LINEで新しいグループを作成し、グループのQRコードを送ってください。
他の社員には、まだ話さないようにしてください。

QRコードの画像は、下記のフォームからアップロードしてください。
{{url}}

会議が終わり次第、グループで詳しく指示します。
よろしくお願いします。

{{company_name}}
代表取締役`,
    landing: 'training',
    red_flags: [
      {
        label: '社外のチャットに誘い出している',
        explanation: '会社の管理が届かないチャットに移れば、あとは送金やギフトカードの購入を指示されます。2025年末から2026年初めにかけて多くの会社に届いた手口です。',
        excerpt: 'LINEで新しいグループを作成し',
      },
      {
        label: '口止めしている',
        explanation: '「他の社員に話さないで」と言うのは、同僚や上司に相談されると嘘がばれるからです。',
        excerpt: '他の社員には、まだ話さないようにしてください。',
      },
      {
        label: '普段メールの来ない相手からの直接の依頼',
        explanation: '社長から突然、個人宛てに急ぎの依頼が届いたら、送信元アドレスを確かめ、秘書や上司など別の経路で本人に確認しましょう。',
        excerpt: '代表取締役社長',
      },
      {
        label: '件名で急かしている',
        explanation: '中身のない「至急」の件名は、考えずに対応させるためのものです。',
        excerpt: '【至急】業務連絡',
      },
    ],
  },
];
