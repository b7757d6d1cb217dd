/**
 * Every Japanese message the product shows or answers with. The server and the web
 * client import from here so a wording changes in one place only (SPEC §5, §8).
 *
 * Kizuki DB's public wording lives in report-messages.ts and is re-exported here; web code that the
 * public report pages load imports report-messages.ts itself (see there why).
 */
import { trainingPaths } from './training-routes';

export * from './report-messages';

/** Corporate registration and sign-in (SPEC §5 corporate/account steps, §8 global/corporate/auth). */
export const accountMessages = {
  // SPEC §5 — corporate email step
  emailRequired: 'メールアドレスは必須です',
  emailInvalid: '有効なメールアドレスを入力してください',
  termsRequired: '利用規約への同意が必要です',
  privacyRequired: 'プライバシーポリシーへの同意が必要です',
  emailTaken: 'このメールアドレスは既に登録されています',
  emailFormatServer: 'メールアドレスの形式が正しくありません',

  // SPEC §5 — account step
  organizationRequired: '組織名は必須です',
  passwordRequired: 'パスワードは必須です',
  passwordTooShort: 'パスワードは8文字以上で入力してください',
  passwordNeedsLetterAndDigit: 'パスワードは英数字を組み合わせてください',
  passwordConfirmationRequired: 'パスワード確認は必須です',
  passwordMismatch: 'パスワードが一致しません',
  tooLong: (max: number) => `${max}文字以内で入力してください`,

  // SPEC §8 — global and corporate
  validationFailedPrefix: 'Validation failed: ',
  registrationFailed: 'エラーが発生しました。しばらくしてから再度お試しください。',
  tokenInvalid: 'このリンクは既に使用済みか、有効期限が切れています。新しい確認メールを送信してください。',
  networkError: '通信エラーが発生しました。しばらく後に再度お試しください。',
  errorBoxTitle: 'エラーが発生しました',

  // SPEC §8 — auth fallbacks
  loginFailed: 'ログインに失敗しました',
  registerFailed: 'アカウント登録に失敗しました',
  userFetchFailed: 'ユーザー情報の取得に失敗しました',
  profileUpdateFailed: 'プロフィールの更新に失敗しました',
  passwordChangeFailed: 'パスワードの変更に失敗しました',
  resetMailFailed: 'パスワードリセットメールの送信に失敗しました',
  resetFailed: 'パスワードのリセットに失敗しました',
  unauthenticated: '認証されていません',

  // Our own wording for what SPEC leaves open
  invalidCredentials: 'メールアドレスまたはパスワードが正しくありません',
  loginLocked: (minutes: number) => `ログインの失敗が続いたため、このアカウントへのログインを一時的に制限しています。${minutes}分ほど時間をおいてから再度お試しください。`,
  loginRateLimited: 'ログインの試行が多すぎます。しばらく時間をおいてから再度お試しください。',
  registerRateLimited: 'アカウント登録の試行が多すぎます。しばらく時間をおいてから再度お試しください。',
  confirmationRateLimited: '確認メールの送信回数が上限に達しました。しばらく時間をおいてから再度お試しください。',
  resetRateLimited: 'パスワードリセットの申請が多すぎます。しばらく時間をおいてから再度お試しください。',
  currentPasswordRequired: '現在のパスワードは必須です',
  currentPasswordWrong: '現在のパスワードが正しくありません',
  passwordSameAsCurrent: '現在のパスワードとは異なるパスワードを設定してください',
  nameRequired: '氏名は必須です',
  resetTokenInvalid: 'パスワード再設定のリンクが無効か、有効期限が切れています。もう一度パスワードリセットを申請してください。',
  emailChangeTokenInvalid: 'メールアドレス確認のリンクが無効か、有効期限が切れています。お手数ですが、ログイン後の画面から確認メールをもう一度お送りください。',
  confirmationSent: '確認メールを送信しました。',
  resetMailSent: 'ご入力のメールアドレスがアカウントに登録されている場合、パスワード再設定のご案内をお送りしました。',
  passwordChanged: 'パスワードを変更しました。',
  passwordReset: 'パスワードを再設定しました。新しいパスワードでログインしてください。',
  profileUpdated: 'プロフィールを更新しました。',
  emailChangePending: (email: string) => `${email} に確認メールを送信しました。メール内のリンクを開くと、メールアドレスの変更が完了します。`,
  emailChanged: 'メールアドレスを変更しました。',
  loggedOut: 'ログアウトしました。',
  emailInvalidCharacters: 'メールアドレスに使用できない文字（制御文字や目に見えない文字）が含まれています',
  emailUnconfirmed: 'メールアドレスの確認が完了していません。ご登録のメールアドレスに届いた確認メールのリンクを開いてから、もう一度お試しください。',
  emailConfirmationSent: '確認メールを送信しました。メール内のリンクを開くと、メールアドレスの確認が完了します。',
  emailConfirmed: 'メールアドレスの確認が完了しました。すべての機能をご利用いただけます。',
  emailAlreadyConfirmed: 'メールアドレスはすでに確認済みです。',
  registrationAlreadyCompleted: 'このメールアドレスの登録はすでに完了しています。ログインしてご利用ください。',
} as const;

/** The training app's tenant realm (issue 10): who may use tenant routes. */
export const realmMessages = {
  corporateOnly: 'この機能は法人アカウントでのみご利用いただけます。',
} as const;

/** People and groups (/users, issue 10 part 1). */
export const peopleMessages = {
  nameRequired: '氏名は必須です',
  emailRequired: 'メールアドレスは必須です',
  emailInvalid: '有効なメールアドレスを入力してください',
  emailTaken: 'このメールアドレスは既に登録されています',
  tooLong: (max: number) => `${max}文字以内で入力してください`,
  groupNameRequired: 'グループ名は必須です',
  groupNameTaken: '同じ名前のグループがすでにあります',
  groupUnknown: '選択されたグループが見つかりません',
  /** The plan's people cap (plans.ts), with how many remain and that a larger plan lifts it. */
  planLimitReached: (max: number, remaining: number) =>
    remaining > 0
      ? `ご利用中のプランで登録できるのは${max}名までです（あと${remaining}名登録できます）。さらに登録するには、上位プランへのアップグレードをご検討ください。`
      : `ご利用中のプランで登録できるのは${max}名までで、すでに上限に達しています。さらに登録するには、上位プランへのアップグレードをご検討ください。`,
  created: '受講者を登録しました。',
  updated: '受講者の情報を更新しました。',
  deleted: '受講者を削除しました。',
  personNotFound: '受講者が見つかりませんでした。',
  groupNotFound: 'グループが見つかりませんでした。',
  groupCreated: 'グループを作成しました。',
  groupUpdated: 'グループ名を変更しました。',
  groupDeleted: 'グループを削除しました。所属していた受講者は削除されていません。',
  importFileRequired: '取り込むCSVファイルを選択してください。',
  importTooLarge: (maxMegabytes: number) => `CSVファイルが大きすぎます。${maxMegabytes}MB以下のファイルを選択するか、ファイルを分けて取り込んでください。`,
  importTooManyRows: (max: number, found: number) =>
    `一度に取り込めるのは${max.toLocaleString('ja-JP')}行までです（このファイルには${found.toLocaleString('ja-JP')}行あります）。ファイルを分けて取り込んでください。`,
  importExcelWorkbook: 'Excelのブック（.xlsx）はそのままでは取り込めません。Excelの「名前を付けて保存」で「CSV UTF-8（コンマ区切り）」または「CSV（コンマ区切り）」を選んで保存したファイルを選択してください。',
  importUnreadable: 'CSVファイルを読み取れませんでした。Excelの「CSV（コンマ区切り）」または「CSV UTF-8（コンマ区切り）」で保存したファイルを選択してください。',
  importNoRows: 'CSVファイルに取り込むデータ行がありません。1行目に見出し、2行目以降に受講者を入力してください。',
  importMissingColumns: (labels: readonly string[]) =>
    `1行目の見出しに「${labels.join('」「')}」の列が見つかりません。見出しは「氏名」「メールアドレス」「部署」（部署は任意）としてください。`,
  importDuplicateInFile: (row: number) => `${row}行目と同じメールアドレスです`,
  importPlanLimit: (adding: number, max: number, remaining: number) =>
    `このファイルには新しい受講者が${adding}名含まれています。ご利用中のプランで登録できるのは${max}名までで、あと${remaining}名登録できます。さらに登録するには、有料プランへのアップグレードをご検討ください。`,
  imported: (created: number, updated: number) => `${created}名を登録し、${updated}名の情報を更新しました。`,
} as const;

/** Sending domains (issue 10 part 2): where a tenant may send training mail. */
export const domainMessages = {
  domainRequired: 'ドメインは必須です',
  domainInvalid: 'ドメインの形式が正しくありません（例：example.co.jp）',
  freeMailDomain: 'フリーメールや携帯キャリアのドメインは、送信先ドメインとして登録できません',
  /** A person's address is at a domain the tenant has not proved. */
  unverifiedDomain: (domain: string) =>
    `${domain} は送信先ドメインとして確認されていません。「アカウント」画面の「送信先ドメイン」でドメインを追加し、表示されるTXTレコードをDNSに設定して「確認する」を押してください。`,
  domainTooLong: 'ドメインは253文字以内で入力してください',
  alreadyAdded: (domain: string) => `${domain} はすでに送信先ドメインとして登録されています`,
  adminDomain: (domain: string) => `${domain} は管理者のメールアドレスのドメインのため、登録しなくても送信先として使えます`,
  domainNotFound: '送信先ドメインが見つかりませんでした',
  added: (domain: string) => `${domain} を追加しました。表示されたTXTレコードをDNSに設定してから「確認する」を押してください。`,
  deleted: (domain: string) => `${domain} を送信先ドメインから削除しました`,
  verified: (domain: string) => `${domain} の所有を確認しました。このドメインのアドレスに訓練メールを送信できます。`,
  alreadyVerified: (domain: string) => `${domain} は確認済みです`,
  recordNotFound: (domain: string) =>
    `${domain} に確認用のTXTレコードが見つかりませんでした。レコードを追加した直後は、DNSに反映されるまで数分から数時間かかることがあります。時間をおいて再度お試しください。`,
  valueMismatch: (domain: string, found: string) =>
    `${domain} のTXTレコード「${found}」は、表示されている値と異なります。値をコピーし直して設定してから、再度お試しください。`,
  dnsError: 'DNSの問い合わせに失敗しました。しばらく時間をおいて再度お試しください。',
  loadFailed: '送信先ドメインを読み込めませんでした。時間をおいて再度お試しください。',
  addFailed: 'ドメインを追加できませんでした。時間をおいて再度お試しください。',
  verifyFailed: '確認できませんでした。時間をおいて再度お試しください。',
  deleteFailed: 'ドメインを削除できませんでした。時間をおいて再度お試しください。',
} as const;

/** Templates (issue 10 part 3). */
export const templateMessages = {
  urlRequired: '本文に {{url}}（訓練用のリンク）を含めてください',
  unknownVariable: (name: string) => `{{${name}}} は使用できない差し込み項目です`,
  builtinReadOnly: '標準テンプレートは編集・削除できません。「複製して編集」から自社用のテンプレートを作成してください',
  notFound: 'テンプレートが見つかりませんでした。',
  nameRequired: 'テンプレート名は必須です',
  categoryInvalid: 'テーマを選択してください',
  difficultyInvalid: '難易度は1〜3から選択してください',
  senderNameRequired: '送信者名は必須です',
  senderLocalPartRequired: '送信元アドレスの@より前の部分は必須です',
  senderLocalPartInvalid: '送信元アドレスの@より前の部分は、半角英数字と . _ + - で入力してください（先頭・末尾・連続の . は使えません）',
  subjectRequired: '件名は必須です',
  htmlBodyRequired: 'HTML本文は必須です',
  textBodyRequired: 'テキスト本文は必須です',
  landingInvalid: 'リンク先を選択してください',
  redFlagLabelRequired: '見分けるポイントの見出しは必須です',
  tooLong: (max: number) => `${max}文字以内で入力してください`,
  tooManyRedFlags: (max: number) => `見分けるポイントは${max}件までです`,
  /** The HTML body held nothing a mail client would show once unsafe markup was removed. */
  htmlEmptyAfterSanitizing: 'HTML本文に表示できる内容がありません（スクリプトなど安全でない要素は取り除かれます）',
  /** A person's value must never decide where a link leads or how the mail is styled. */
  variableInUrlAttribute: (attribute: string) => `${attribute} 属性に使える差し込み項目は、値の先頭に置く {{url}} だけです`,
  variableInStyleAttribute: (attribute: string) => `${attribute} 属性には差し込み項目を使えません`,
  excerptNotFound: '該当箇所の文言が、差出人・件名・本文のどこにも見つかりません。メール内の文言をそのまま入力してください',
  personNotFound: '選択された受講者が見つかりません',
  reportNotFound: 'フィッシング報告が見つかりませんでした。',
  testSendLimited: (perHour: number) => `テスト送信は1時間に${perHour}通までです。しばらく時間をおいてから再度お試しください。`,
  testSendSubjectPrefix: '【テスト送信】',
  /** Test send and "from a report": the account's administrators only (a member may read the library). */
  adminOnly: 'この操作は管理者のみ行えます。管理者にご依頼ください。',
  created: 'テンプレートを作成しました。',
  updated: 'テンプレートを更新しました。',
  deleted: 'テンプレートを削除しました。',
  /** 409: a campaign draws from it, and its recipients' lesson pages show it. */
  inUse: 'このテンプレートはキャンペーンで使用されているため削除できません。',
  duplicated: 'テンプレートを複製しました。',
  testSent: (to: string) => `${to} にテスト送信しました。届くまで数分かかることがあります。`,
  createdFromReport: '報告をもとにテンプレートを作成しました。見分けるポイントを追加してください。',
  /** From a Kizuki DB report: what replaces the report's addresses and phone numbers, and the defaults. */
  fromReportEmail: '（メールアドレス）',
  fromReportPhone: '（電話番号）',
  fromReportName: (subject: string) => `報告から作成：${subject}`,
  fromReportSmsSubject: 'SMSの報告から作成したテンプレート',
  fromReportSenderName: 'お客様サポート',
  fromReportLinkLabel: '詳しくはこちら',
  /** The preview document's title (the iframe's accessible name comes from the web app). */
  previewTitle: 'メールのプレビュー',
  previewExpired: 'プレビューの有効期限が切れました。画面を再読み込みしてください。',
} as const;

/** Campaigns (/campaigns, issue 11). */
export const campaignMessages = {
  nameRequired: 'キャンペーン名は必須です',
  tooLong: (max: number) => `${max}文字以内で入力してください`,
  templateRequired: 'テンプレートを1つ以上選択してください',
  tooManyTemplates: (max: number) => `テンプレートは${max}件まで選択できます`,
  templateUnknown: '選択されたテンプレートが見つかりません',
  targetsRequired: '送信対象の受講者またはグループを選択してください',
  personUnknown: '選択された受講者が見つかりません',
  groupUnknown: '選択されたグループが見つかりません',
  dateTimeInvalid: '日時の形式が正しくありません',
  /** The create screen's own checks (the server treats a past start as "now"). */
  startRequired: '送信を開始する日時を入力してください',
  startInPast: '開始日時が過去になっています。現在より後の日時を指定してください',
  endRequired: '送信を終える日時を入力してください',
  endBeforeStart: '終了日時は開始日時より後にしてください',
  endInPast: '終了日時が過去になっています。日時を見直してください',
  noSendableTime: '指定した期間・条件では送信できる時間帯がありません。期間を広げるか、条件を見直してください',
  noRecipients: '送信できる受講者がいません。受講者の登録と、送信先ドメインの設定を確認してください',
  notFound: 'キャンペーンが見つかりませんでした。',
  recipientNotFound: '受信者が見つかりませんでした。',
  /** Results by group: the people who belonged to no group at launch. */
  noGroup: 'グループなし',
  /** 409: the one transition table refused the change (campaign-transitions.ts). */
  illegalTransition: (statusLabel: string, action: string) => `「${statusLabel}」のキャンペーンは${action}できません。画面を再読み込みして最新の状態を確認してください。`,
  actionLabels: {
    edit: '編集',
    delete: '削除',
    launch: '開始',
    pause: '一時停止',
    resume: '再開',
    complete: '終了',
  },
  /** 422 at launch: the plan's monthly mails (plans.ts) would be exceeded. */
  monthlyAllowanceExceeded: (limit: number, remaining: number, needed: number) =>
    remaining > 0
      ? `ご利用中のプランで今月送信できるメールは残り${remaining}通です（月${limit}通まで）。このキャンペーンの送信予定は${needed}通のため開始できません。対象者を${remaining}名以下に減らすか、上位プランへのアップグレードをご検討ください。`
      : `ご利用中のプランの今月の送信枠（月${limit}通）をすべて使用しました。来月1日（日本時間）に送信枠が戻ります。今すぐ送信するには、上位プランへのアップグレードをご検討ください。`,
  /** A recipient whose mail the plan's monthly allowance no longer covered at send time. */
  allowanceExhaustedAtSend: 'ご利用中のプランの今月の送信枠を使い切ったため送信しませんでした',
  /** A recipient whose address left the tenant's sending domains between launch and send. */
  cancelledByCompletion: 'キャンペーンの終了により送信を中止しました',
  created: 'キャンペーンを下書き保存しました。',
  updated: 'キャンペーンを更新しました。',
  deleted: 'キャンペーンを削除しました。',
  launched: 'キャンペーンを開始しました。',
  paused: 'キャンペーンを一時停止しました。未送信のメールは送信されません。',
  resumed: 'キャンペーンを再開しました。',
  completed: 'キャンペーンを終了しました。未送信のメールは送信されません。',
} as const;

/** Individual training (/phishing-training, issue 12). */
export const individualMessages = {
  /** SPEC §7 success message: the same for a new and an already registered address. */
  registered: 'ご登録ありがとうございます。まもなく1通目の訓練メールをお送りします。',
  /** Too many registrations from one network (per IP, hourly). */
  rateLimitedIp: '登録の操作が多すぎます。しばらく時間をおいてから再度お試しください。',
  /** Too many attempts for one address (hourly; the same for registered and unregistered addresses). */
  rateLimitedAddress: 'このメールアドレスでの登録操作が多すぎます。しばらく時間をおいてから再度お試しください。',
  /** SPEC §8: the individual form's network error, under networkErrorTitle. */
  networkError: '通信エラーが発生しました。しばらく後に再度お試しください。',
  networkErrorTitle: 'エラーが発生しました',
  unsubscribeNotFound: 'この配信停止リンクは無効です。',
  /** A stopped send (the registration was unsubscribed before the mail went out). */
  cancelledByUnsubscribe: '配信停止により送信を取りやめました',
  /** The registration stopped because the address refused mail permanently. */
  bounced: (reason: string) => `宛先のメールサーバーが受信を拒否したため、配信を停止しました（${reason}）`,
} as const;

/** A sentence with links in it, rendered alike by the server page and the React form. */
export type UiTextSegment = string | { readonly href: string; readonly text: string };

/**
 * Fixed wording of the individual registration form (/phishing-training, SPEC §2.4). The server
 * renders the form for readers without JavaScript and React renders it again on mount; both read
 * this object so the two never say different things.
 */
export const individualUiText = {
  formTitle: 'メールアドレスを登録する',
  emailLabel: 'メールアドレス',
  emailHint: '訓練メールを受け取る、ご自身のメールアドレスを入力してください。',
  emailPlaceholder: '例）taro.yamada@example.jp',
  requiredBadge: '必須',
  agreementsTitle: 'ご利用にあたって',
  termsLink: '利用規約',
  privacyLink: 'プライバシーポリシー',
  agreeSuffix: 'に同意する',
  newTab: '（新しいタブで開きます）',
  submitButton: 'セキュリティ訓練を開始する',
  submitting: '登録しています...',
  /** The title of the general error list (SPEC §8: the network error sits under it too). */
  errorTitle: individualMessages.networkErrorTitle,
  scheduleTitle: '訓練メールが届くタイミング',
  scheduleFirst: '1通目は、登録の直後にお送りします。',
  /** skipHolidays: INDIVIDUAL_SKIP_HOLIDAYS (the page says only what the schedule keeps). */
  scheduleLater: (startHour: number, endHour: number, skipHolidays: boolean) =>
    `2通目からは、月に1回ほど、平日の${startHour}時〜${endHour}時（日本時間）のどこかで届きます。${skipHolidays ? '土日・祝日' : '土日'}には届きません。`,
  scheduleUnannounced: '届く日時は毎回変わり、予告はありません。本物のフィッシングメールと同じです。',
  cautionTitle: '登録の前にお読みください',
  cautions: [
    ['訓練メールは、本物のフィッシングメールにそっくりです。宅配便の再配達、ネット通販、クレジットカード会社、携帯電話会社、国税庁、Apple ID などをかたって届きます。'],
    ['メールのリンクを開くと、訓練用のページが表示されます。訓練用のページで入力した内容は、どこにも送信されません。'],
    ['登録できるのは、ご自身のメールアドレスだけです。ほかの人のメールアドレスを登録することは禁止しています。'],
    [
      '会社の従業員向けの訓練には利用できません。企業・団体での訓練には、',
      { href: trainingPaths.register, text: '法人向けのセキュリティ訓練' },
      'をご利用ください。',
    ],
    ['配信は、すべての訓練メールの末尾にあるリンクから、いつでもワンクリックで停止できます。'],
    ['料金は無料です。訓練メールに広告が入ることはありません。'],
  ] satisfies readonly (readonly UiTextSegment[])[],
} as const;
