import type { ReceiptMethod } from '../../../common/limits';

/** What the inputs hold. Kept free of zod so the form paints before its validator has loaded. */
export type ReportFormInput = {
  receipt_method: ReceiptMethod;
  source_info?: string;
  subject?: string;
  body?: string;
  delete_password: string;
  publish_screenshot: boolean;
  agree: boolean;
};

/** What the validator hands over on submit: cleaned text, ASCII digits. */
export type ReportFormValues = {
  receipt_method: ReceiptMethod;
  source_info: string;
  subject: string;
  body: string;
  delete_password: string;
  publish_screenshot: boolean;
  agree: boolean;
};

export const reportFormDefaults = {
  receipt_method: 'email',
  source_info: '',
  subject: '',
  body: '',
  delete_password: '',
  publish_screenshot: true,
  agree: false,
} satisfies ReportFormInput;

/** Fields the server may name in a 422 that have an input of their own in react-hook-form. */
export const SERVER_ERROR_FIELDS = ['receipt_method', 'source_info', 'subject', 'body', 'delete_password'] as const;
export type ServerErrorField = (typeof SERVER_ERROR_FIELDS)[number];
