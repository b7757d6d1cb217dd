/**
 * Kizuki DB's public wording: the report form, list, detail and delete, and the API's general
 * errors. Part of messages.ts, which re-exports it; the public report screens import this file
 * directly so the browser does not load the training part's wording before first paint (a module
 * is never split between chunks: importing messages.ts would bring all of it).
 */
import { SCREENSHOT_MAX_SIDE } from './limits';

export const reportMessages = {
  // SPEC §5 — report form rules
  deletePasswordFormat: '4桁の数字を入力してください',
  receiptMethodRequired: '受信方法を選択してください',
  sourceEmailRequired: '送信元のメールアドレスを入力してください',
  sourceEmailInvalid: '有効なメールアドレスを入力してください',
  sourceSmsRequired: '送信元の電話番号またはメールアドレスを入力してください',
  sourceSmsInvalid: '電話番号またはメールアドレスの形式が正しくありません',
  subjectRequired: '件名を入力してください',
  bodyRequired: '本文を入力してください',
  screenshotType: 'JPEG、PNG、GIF形式の画像を選択してください',
  screenshotTooLargeField: '10MB以下の画像を選択してください',
  screenshotUnreadable: '画像を読み込めませんでした。別の画像をお試しください',
  screenshotTooManyPixels: '画像の解像度が大きすぎます。縮小してからアップロードしてください',
  screenshotBadDimensions: `画像の縦横の大きさが大きすぎるか、極端に細長い画像です。縦横それぞれ${SCREENSHOT_MAX_SIDE.toLocaleString('ja-JP')}ピクセル以内の画像を選択してください`,
  /** 503 when too many images are being processed at once (the image queue is full). */
  screenshotBusy: '画像の処理が混み合っています。しばらく時間をおいてから再度お試しください。',
  tooLong: (max: number) => `${max}文字以内で入力してください`,
  agreeRequired: '注意事項への同意が必要です',

  // SPEC §8 — report submit
  submitSuccess: 'フィッシング情報を報告しました。ご協力ありがとうございます。',
  /** Appended to submitSuccess when a screenshot is to be published (it is redacted in the background first). */
  screenshotPublishedAfterRedaction: 'スクリーンショットは個人情報の自動黒塗り処理後に公開されます。',
  submitTooLarge: '画像サイズが大きすぎます。10MB以下の画像をアップロードしてください。',
  submitServerError: 'サーバーエラーが発生しました。しばらく後に再度お試しください。',
  submitRateLimited: '投稿が多すぎます。しばらく時間をおいてから再度お試しください。',
  networkError: '通信エラーが発生しました。しばらく後に再度お試しください。',
  errorBoxTitle: 'エラーが発生しました',
  successBoxTitle: '報告完了',

  // SPEC §8 — screenshot analysis
  analyzeRateLimited: '自動入力の利用が多すぎます。しばらく時間をおいてから再度お試しください。',
  analyzeFailed: 'スクリーンショットの解析に失敗しました。画像ファイルを確認してください。',
  analyzeServerError: 'スクリーンショットの解析でサーバーエラーが発生しました。',

  // SPEC §8 — list and detail
  listLoadFailed: 'フィッシング情報の取得に失敗しました。',
  listLoadFailedTitle: 'データの取得に失敗しました',
  detailNotFound: 'フィッシング情報が見つかりませんでした。',

  // SPEC §8 — delete
  deleteLocked: 'パスワードを3回間違えたため、24時間ロックされています。',
  deleteWrongPassword: 'パスワードが一致しません。',
  deleteFailed: 'フィッシング情報の削除に失敗しました。',
  deleteSuccess: '削除しました',
  deleteRateLimited: '削除の試行が多すぎます。しばらく時間をおいてから再度お試しください。',

  // Our own wording for what SPEC leaves open — list and request parameters
  listLimitInvalid: (max: number) => `表示件数（limit）は1から${max}までの整数で指定してください`,
  listOffsetInvalid: '開始位置（offset）は0以上の整数で指定してください',
  receiptMethodFilterInvalid: '受信方法（receipt_method）は email または sms を指定してください',
  fingerprintInvalid: '端末識別子（fingerprint）の形式が正しくありません',
  searchQueryTooLong: (max: number) => `検索キーワードは${max}文字以内で入力してください`,
  searchQueryInvalid: '検索キーワード（q）は1つだけ指定してください',
  similarToInvalid: '同様の報告の指定（similar_to）は1つだけ指定してください',

  // SPEC §9 — display fallbacks
  emptyText: '未入力',
  unknownSender: '不明',
} as const;

export const commonMessages = {
  validationFailed: '入力内容に誤りがあります。',
  badRequest: 'リクエストの形式が正しくありません。',
  notFound: 'お探しのページまたはデータが見つかりませんでした。',
  csrfMismatch: 'ページの有効期限が切れました。ページを再読み込みしてから、もう一度お試しください。',
  internalError: 'サーバーエラーが発生しました。しばらく後に再度お試しください。',
  rateLimited: 'リクエストが多すぎます。しばらく時間をおいてから再度お試しください。',
  serviceUnavailable: 'ただいまサービスを利用できません。しばらく後に再度お試しください。',
  payloadTooLarge: '送信データが大きすぎます。',
  unsupportedMediaType: '対応していない形式のデータです。',
  malformedMultipart: '送信されたフォームのデータを読み取れませんでした。ページを再読み込みしてから、もう一度お試しください。',
  invalidCharacters: '入力内容に使用できない文字（制御文字など）が含まれています。',
} as const;

/** Fixed wording of the report screens that browser tests also look for (SPEC §2.5–2.8, §9). */
export const reportUiText = {
  receiptEmail: 'メール',
  receiptSms: 'SMS・MMS',
  analyzeButton: '自動入力',
  analyzing: '解析中...',
  analyzeApplied: '画像から読み取った内容を入力しました。読み取りの誤りや、あなたの氏名・メールアドレスなどの個人情報が含まれていないかをご確認のうえ送信してください。',
  analyzeNothingFound: '画像から入力できる内容が見つかりませんでした。',
  publishScreenshot: 'スクリーンショットも公開する',
  submitButton: '報告する',
  submitting: '送信中...',
  listEmpty: 'まだ報告はありません',
  listLoading: '読み込み中...',
  listRange: (from: number, to: number, total: number) => `${from}件目 - ${to}件目 （全${total}件中）`,
  retry: '再読み込み',
  previousPage: '前へ',
  nextPage: '次へ',
  deleteButton: '削除',
  deleteConfirm: '削除する',
  deleting: '削除中...',
  cancel: 'キャンセル',
  close: '閉じる',
  backToList: '一覧に戻る',
} as const;

/**
 * What published report text shows where the recipient's own data stood (personal-data.ts): the
 * name before 様 becomes 〇〇, so 「吉田大輔様」 reads 「〇〇様」.
 */
export const personalDataPlaceholders = {
  name: '〇〇',
  email: '（受信者のメールアドレス）',
  address: '（住所）',
  card: '（カード番号）',
  phone: '（電話番号）',
} as const;
