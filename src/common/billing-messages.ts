/** Japanese wording of plans and billing (issue 14), shared by the API and the screens. */
export const billingMessages = {
  invalid: '入力内容を確認してください。',
  tooLong: (max: number) => `${max}文字以内で入力してください。`,
  billingCompanyRequired: '請求先の会社名を入力してください。',
  contactNameRequired: 'ご担当者名を入力してください。',
  emailRequired: '請求書送付先のメールアドレスを入力してください。',
  emailInvalid: 'メールアドレスの形式が正しくありません。',
  postalCodeRequired: '郵便番号を入力してください。',
  postalCodeInvalid: '郵便番号は「123-4567」のように7桁の数字で入力してください。',
  addressRequired: '住所を入力してください。',
  phoneRequired: '電話番号を入力してください。',
  phoneInvalid: '電話番号は「03-1234-5678」のように、0から始まる10桁または11桁の数字で入力してください。',
  planRequired: 'プランを選択してください。',
  cycleRequired: 'お支払いサイクルを選択してください。',
  methodRequired: 'お支払い方法を選択してください。',
  invoiceNotFound: '請求書が見つかりませんでした。',
} as const;
