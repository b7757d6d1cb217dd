/**
 * The operator console's Japanese messages (issue 13, part 3) and the public flag reasons. The API
 * answers with `operatorMessages`; the console's screens may add their own text in
 * `operatorScreenText` at the end of this file.
 */

/** Reasons a visitor can give in 「不適切な報告を通知」, in the order the form lists them. */
export const FLAG_REASONS = [
  { code: 'personal_info', label: '個人情報が含まれている' },
  { code: 'defamation', label: '誹謗中傷・差別的な内容' },
  { code: 'not_phishing', label: 'フィッシングではない' },
  { code: 'spam', label: '宣伝・スパム' },
  { code: 'other', label: 'その他' },
] as const;

export type FlagReason = (typeof FLAG_REASONS)[number]['code'];
export const FLAG_REASON_CODES = FLAG_REASONS.map((reason) => reason.code) as [FlagReason, ...FlagReason[]];

/** A flag's optional comment, and a moderation action's reason. */
export const FLAG_COMMENT_MAX_LENGTH = 500;
export const MODERATION_REASON_MAX_LENGTH = 500;

export const operatorMessages = {
  unauthenticated: '運営者としてログインしてください。',
  setupLinkInvalid: 'このリンクは無効か、有効期限が切れています。管理者に新しいリンクの発行を依頼してください。',
  passwordSet: 'パスワードを設定しました。ログインしてください。',
  loginFailed: 'メールアドレスまたはパスワードが正しくありません。',
  loginRateLimited: 'ログインの試行が多すぎます。しばらく時間をおいてから再度お試しください。',
  totpInvalid: '確認コードが正しくありません。認証アプリに表示されている6桁のコードを入力してください。',
  totpRequired: '確認コードを入力してください。',
  challengeExpired: '確認の有効期限が切れました。もう一度ログインしてください。',
  emailRequired: 'メールアドレスを入力してください。',
  passwordRequired: 'パスワードを入力してください。',
  tokenInvalid: 'リンクが正しくありません。',
  loggedOut: 'ログアウトしました。',
  reportNotFound: '指定された報告は見つかりませんでした。',
  reasonRequired: '理由を入力してください。',
  reasonTooLong: `理由は${MODERATION_REASON_MAX_LENGTH}文字以内で入力してください。`,
  alreadyHidden: 'この報告はすでに非公開になっています。',
  notHidden: 'この報告は公開中のため、再公開できません。',
  noOriginal: '元のスクリーンショットが保存されていないため、黒塗り処理をやり直せません。',
  redactHidden: '非公開の報告は、再公開すると黒塗り処理が自動でやり直されます。',
  redactNotPublished: '投稿者がスクリーンショットの公開を希望していないため、黒塗り処理は行いません。',
  noOpenFlags: '未対応の通知はありません。',
  originalNotFound: '元のスクリーンショットは保存されていません。',
  moderationFailed: '処理を完了できませんでした。時間をおいて再度お試しください。',
  flagReasonRequired: '理由を選択してください。',
  flagCommentTooLong: `コメントは${FLAG_COMMENT_MAX_LENGTH}文字以内で入力してください。`,
  flagReceived: 'ご連絡ありがとうございます。運営者が内容を確認します。',
  flagRateLimited: '通知の送信が多すぎます。しばらく時間をおいてから再度お試しください。',
} as const;

/** Labels the API and the console share (audit actions, flag states). */
export const operatorUiText = {
  auditActions: {
    hide: '非公開',
    restore: '再公開',
    delete: '完全に削除',
    redact: '黒塗りの再実行',
    dismiss_flags: '通知の却下',
  },
  flagResolutions: {
    hidden: '非公開により対応済み',
    dismissed: '対応不要',
  },
  flagReasonLabel(code: string): string {
    return FLAG_REASONS.find((reason) => reason.code === code)?.label ?? code;
  },
} as const;

/** The operator console's and the public flag form's screen wording (the web helper's part of this file). */
export const operatorScreenText = {
  consoleName: '運営コンソール',
  // Sign-in
  setupTitle: 'パスワードの設定',
  setupLead: '運営コンソールで使うパスワードを設定してください。',
  setupDone: 'パスワードを設定しました。続けてログインしてください。',
  setupFailed: 'パスワードを設定できませんでした。',
  setupLinkMissing: 'リンクが正しくありません。運営担当者に新しいリンクの発行を依頼してください。',
  loginTitle: '運営コンソールにログイン',
  loginLead: 'メールアドレスとパスワードを入力してください。',
  loginFailed: 'ログインできませんでした。',
  loggedOut: 'ログアウトしました。',
  sessionEnded: 'ログインの有効期限が切れました。もう一度ログインしてください。',
  totpSetupTitle: '二段階認証の設定',
  totpSetupLead: '認証アプリ（Google Authenticator、Microsoft Authenticator など）で QR コードを読み取り、表示された6桁のコードを入力してください。',
  totpQrAlt: '認証アプリに登録するための QR コード',
  totpSecretLabel: 'QR コードを読み取れない場合は、次のキーを認証アプリに入力してください',
  totpTitle: '二段階認証',
  totpLead: '認証アプリに表示されている6桁のコードを入力してください。',
  totpCodeLabel: '確認コード（6桁）',
  totpFailed: '確認できませんでした。',
  totpRestart: 'ログインからやり直す',
  // Shell
  navReports: '報告の管理',
  navAudit: '操作履歴',
  navTenants: '企業アカウント',
  logout: 'ログアウト',
  signedInAs: 'ログイン中',
  loadFailed: '読み込めませんでした。時間をおいて再度お試しください。',
  retry: '再読み込み',
  // Reports
  reportsTitle: '報告の管理',
  reportsLead: '未対応の通知がある報告を、通知の多い順に先頭に表示しています。そのあとに、ほかの報告を新しい順に表示します。',
  searchLabel: 'キーワードで検索',
  searchPlaceholder: '件名・本文・送信元・URL',
  searchButton: '検索',
  statusLabel: '表示する報告',
  statusAll: 'すべて',
  statusFlagged: '通知あり',
  statusHidden: '非公開',
  noReports: '該当する報告はありません。',
  flagCount: (count: number) => `通知 ${count}件`,
  hiddenBadge: '非公開',
  range: (from: number, to: number, total: number) => `${from}件目 - ${to}件目 （全${total}件中）`,
  previousPage: '前へ',
  nextPage: '次へ',
  noSubject: '（件名なし）',
  // Report detail
  detailTitle: '報告の詳細',
  backToReports: '報告の管理に戻る',
  reportNotFound: 'この報告は見つかりませんでした。すでに削除された可能性があります。',
  hiddenNotice: (reason: string) => `この報告は非公開です。理由：${reason}`,
  publicPage: '公開ページを開く',
  originalTitle: '元のスクリーンショット（非公開）',
  originalNote: '運営者にのみ表示されます。黒塗り前の画像のため、取り扱いにご注意ください。',
  originalMissing: '元のスクリーンショットは保存されていません。',
  originalFailed: '元のスクリーンショットを読み込めませんでした。',
  originalAlt: '黒塗り前の元のスクリーンショット',
  redactedTitle: '公開用の画像（黒塗り済み）',
  redactedMissing: '公開用の画像はありません。',
  redactedAlt: '黒塗り済みの公開用スクリーンショット',
  noScreenshot: 'この報告にはスクリーンショットがありません。',
  flagsTitle: '不適切な報告の通知',
  noFlags: '通知はありません。',
  flagResolved: '対応済み',
  flagOpen: '未対応',
  auditTitle: 'この報告の操作履歴',
  noAudit: '操作履歴はありません。',
  actionsTitle: '操作',
  // Actions
  hide: '非公開にする',
  hiding: '非公開にしています...',
  hideLead: '非公開にすると、一覧・詳細・検索など公開されているすべての場所からすぐに消え、公開用の画像は削除されます。報告の記録は監査のために残ります。',
  restore: '公開に戻す',
  restoring: '公開に戻しています...',
  restoreLead: '報告をふたたび公開します。元のスクリーンショットが残っていて公開の希望がある場合は、黒塗り処理をやり直してから画像を公開します。',
  redact: '黒塗りをやり直す',
  redacting: '依頼しています...',
  redactLead: '公開中の画像はすぐに取り下げ、元のスクリーンショットから黒塗り処理をやり直します。処理が終わると、新しく黒塗りした画像を公開します。',
  dismiss: '通知を却下',
  dismissing: '却下しています...',
  dismissLead: '報告は公開したまま、未対応の通知をすべて対応済みにします。',
  remove: '完全に削除',
  removing: '削除しています...',
  removeLead: '報告と画像を完全に削除します。この操作は取り消せません。操作履歴には記録が残ります。',
  reasonLabel: '理由',
  reasonHint: '操作履歴に記録されます（500文字以内）。',
  actionFailed: '操作を完了できませんでした。',
  actionDone: {
    hide: '報告を非公開にしました。',
    restore: '報告を公開に戻しました。',
    redact: '黒塗り処理のやり直しを受け付けました。',
    dismiss_flags: '通知を却下しました。',
    delete: '報告を完全に削除しました。',
  },
  // Audit log
  auditLogTitle: '操作履歴',
  auditLogLead: 'すべての運営者の操作を新しい順に表示しています。記録は変更・削除できません。',
  auditWhen: '日時',
  auditWho: '運営者',
  auditWhat: '操作',
  auditReport: '報告',
  auditReason: '理由',
  noEntries: '操作履歴はまだありません。',
  deletedReport: '削除済み',
  /** After a report id whose report was deleted for good (the audit keeps the id; the page is gone). */
  deletedReportNote: '（削除済み）',
  // Tenants
  tenantsTitle: '企業アカウント',
  tenantsLead: 'プラン・人数・今月の送信数を表示しています。訓練の内容は表示されません。',
  tenantSearchLabel: '会社名・メールアドレスで検索',
  tenantCompany: '会社名',
  tenantPlan: 'プラン',
  tenantAdmin: '管理者',
  tenantPeople: '人数',
  tenantMails: '今月の送信数',
  tenantCreated: '登録日',
  noTenants: '該当する企業アカウントはありません。',
  // Public flag form on a report's detail page
  flagLink: '不適切な報告を通知',
  flagTitle: '不適切な報告を通知',
  flagLead: 'この報告に問題がある場合はお知らせください。運営者が内容を確認し、必要に応じて非公開にします。',
  flagReasonLegend: '理由',
  flagCommentLabel: '補足',
  flagCommentHint: '500文字以内。個人情報は書かないでください。',
  flagSend: '通知する',
  flagSending: '送信中...',
  flagClose: '閉じる',
  flagCancel: 'キャンセル',
  flagDone: '通知を受け付けました',
  flagRateLimited: '短時間に多くの通知が送られました。しばらく時間をおいてから再度お試しください。',
  flagNotFound: 'この報告はすでに削除されたか、非公開になっています。',
  flagFailed: '通知を送信できませんでした。時間をおいて再度お試しください。',
};
