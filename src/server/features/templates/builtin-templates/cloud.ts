import type { BuiltinTemplate } from './builtin-template.types';

/**
 * Office cloud services (the Microsoft 365 / Google Workspace theme: パスワード期限, 共有ファイル),
 * as the fictitious クラウドオフィス365 and シェアボックス.
 */
export const CLOUD_TEMPLATES: readonly BuiltinTemplate[] = [
  {
    key: 'cloud-password-expiry',
    name: 'クラウドメールのパスワード有効期限切れ（現在のパスワードを維持）',
    category: 'cloud',
    difficulty: 1,
    sender_name: 'Cloud Office Admin',
    sender_local_part: 'admin-mailbox-support',
    subject: 'パスワードの有効期限が本日切れます - {{email}}',
    html_body: `<div style="font-family:sans-serif;font-size:14px;line-height:1.7;color:#222222;">
<div style="background:#455a64;color:#ffffff;padding:10px 16px;font-size:16px;font-weight:bold;">クラウドオフィス365</div>
<p>{{email}} 様</p>
<p>あなたのクラウドオフィス365のパスワードは本日で有効期限が切れます。</p>
<p>下記のボタンをクリックして、現在のパスワードを維持して下さい。<br>維持しない場合は、あなたのメールボックスは自動的にロックされ、メールの送受信ができなくなります。</p>
<p><a href="{{url}}" style="display:inline-block;background:#1976d2;color:#ffffff;padding:10px 20px;text-decoration:none;">現在のパスワードを維持する</a></p>
<p>クラウドオフィス365 管理チーム<br><small>このメールは {{email}} 宛てに送信されました。</small></p>
</div>`,
    text_body: `{{email}} 様

あなたのクラウドオフィス365のパスワードは本日で有効期限が切れます。

下記のボタンをクリックして、現在のパスワードを維持して下さい。
維持しない場合は、あなたのメールボックスは自動的にロックされ、メールの送受信ができなくなります。

現在のパスワードを維持する
{{url}}

クラウドオフィス365 管理チーム
このメールは {{email}} 宛てに送信されました。`,
    landing: 'login',
    red_flags: [
      {
        label: '「現在のパスワードを維持する」ボタン',
        explanation: '期限の切れるパスワードを「維持」するボタンは存在しません。今のパスワードを入力させて盗むための仕掛けです。',
        excerpt: '現在のパスワードを維持する',
      },
      {
        label: 'メールが使えなくなると脅している',
        explanation: '仕事に欠かせないメールが止まると言われると、慌てて従ってしまいます。パスワードの期限は社内の情報システム部門に確かめましょう。',
        excerpt: 'メールの送受信ができなくなります',
      },
      {
        label: '差出人が社内の部署ではない',
        explanation: '「Cloud Office Admin」のような汎用の英語名で、社内の担当部署も問い合わせ先も書かれていません。',
        excerpt: 'Cloud Office Admin',
      },
    ],
  },
  {
    key: 'cloud-mailbox-quota',
    name: 'メールボックスの容量上限（無料で容量追加）',
    category: 'cloud',
    difficulty: 2,
    sender_name: 'メールシステム管理者',
    sender_local_part: 'mailbox-admin',
    subject: '【重要】メールボックスの容量が上限の98%に達しています',
    html_body: `<div style="font-family:sans-serif;font-size:14px;line-height:1.7;color:#222222;">
<p>{{name}} 様</p>
<p>{{company_name}} のメールシステムをご利用いただきありがとうございます。</p>
<p>お使いのメールボックスの容量が上限の98%に達しています。<br>上限に達すると、新しいメールを受信できなくなり、送信されたメールは送信者に返送されます。</p>
<div style="background:#eeeeee;height:12px;width:300px;margin:8px 0;"><div style="background:#d32f2f;height:12px;width:294px;"></div></div>
<p>下記より、クラウドオフィス365にサインインし、追加の保存容量（無料）を申請してください。<br>容量の追加は{{date}}まで受け付けています。</p>
<p><a href="{{url}}">https://cloudoffice365.storage-upgrade.example/</a></p>
<p>メールシステム管理者</p>
</div>`,
    text_body: `{{name}} 様

{{company_name}} のメールシステムをご利用いただきありがとうございます。

お使いのメールボックスの容量が上限の98%に達しています。
上限に達すると、新しいメールを受信できなくなり、送信されたメールは送信者に返送されます。

下記より、クラウドオフィス365にサインインし、追加の保存容量（無料）を申請してください。
容量の追加は{{date}}まで受け付けています。

保存容量を追加する（cloudoffice365.storage-upgrade.example）
{{url}}

メールシステム管理者`,
    landing: 'login',
    red_flags: [
      {
        label: '差出人に部署名も担当者名もない',
        explanation: '「メールシステム管理者」とだけあり、社内のどの部署からなのか、問い合わせ先もわかりません。',
        excerpt: 'メールシステム管理者',
      },
      {
        label: '「無料で容量追加」でサインインさせる',
        explanation: '容量の追加は、通常は情報システム部門が管理画面で行います。社員にサインインさせて申請させることはまずありません。',
        excerpt: '追加の保存容量（無料）を申請してください',
      },
      {
        label: 'リンク先が会社やサービスのドメインではない',
        explanation: '「cloudoffice365」の後ろに続く「storage-upgrade.example」が本当のドメインです。',
        excerpt: 'cloudoffice365.storage-upgrade.example',
      },
    ],
  },
  {
    key: 'cloud-shared-file',
    name: '同僚からのファイル共有通知（来期予算案）',
    category: 'cloud',
    difficulty: 3,
    sender_name: 'シェアボックス',
    sender_local_part: 'drive-shares-noreply',
    subject: '経理部 田中 真理子さんがファイル「来期予算案（改訂版）」を共有しました',
    html_body: `<div style="font-family:sans-serif;font-size:14px;line-height:1.7;color:#222222;">
<p>経理部 田中 真理子さんが、次のファイルを共有しました。</p>
<div style="border:1px solid #dadce0;border-radius:8px;padding:12px 16px;margin:8px 0;">
<p style="margin:0;font-weight:bold;">来期予算案（改訂版）.xlsx</p>
<p style="margin:8px 0 0 0;color:#444444;">「{{name}}さん、先日の会議で出た修正を反映しました。{{date}}の部長会議までに、数字の確認をお願いします。」</p>
</div>
<p><a href="{{url}}" style="display:inline-block;background:#1a73e8;color:#ffffff;padding:10px 20px;text-decoration:none;border-radius:4px;">ファイルを開く</a></p>
<hr style="border:none;border-top:1px solid #dddddd;">
<p><small>このメールは、シェアボックスで {{email}} とファイルが共有されたためお送りしています。<br>シェアボックス：ファイルを安全に保存・共有</small></p>
</div>`,
    text_body: `経理部 田中 真理子さんが、次のファイルを共有しました。

来期予算案（改訂版）.xlsx

「{{name}}さん、先日の会議で出た修正を反映しました。{{date}}の部長会議までに、数字の確認をお願いします。」

ファイルを開く
{{url}}

このメールは、シェアボックスで {{email}} とファイルが共有されたためお送りしています。
シェアボックス：ファイルを安全に保存・共有`,
    landing: 'login',
    red_flags: [
      {
        label: '共有した人が本当にいるか',
        explanation: '実在しそうな部署と名前で同僚を装っています。その人がいるか、本当に共有したかを、チャットや内線で本人に確かめましょう。',
        excerpt: '経理部 田中 真理子さん',
      },
      {
        label: '急ぎの業務に見せかけている',
        explanation: '会議の期限を添えて、自然な仕事の依頼に見せています。予定していなかった共有ほど、開く前に確かめましょう。',
        excerpt: '部長会議までに、数字の確認をお願いします',
      },
      {
        label: '開くとサインインを求められる',
        explanation: 'ボタンの先でIDとパスワードの入力を求めるのが、共有ファイル型の手口です。共有ファイルを開くのにパスワードを聞かれたら、アドレスバーのドメインを確かめましょう。',
        excerpt: 'ファイルを開く',
      },
    ],
  },
];
