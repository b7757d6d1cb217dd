import { z } from 'zod';
import { TEMPLATE_CATEGORY_IDS, TEMPLATE_LANDINGS, type Template } from '../../../common/templates.schema';
import type { TemplateInput } from './templates-api';

/**
 * The editor's own checks, for the mistakes a person makes while typing (an empty field, a sender
 * address part with spaces). Variables, {{url}} and the HTML are the server's to judge (422).
 */
const required = (label: string) => z.string().trim().min(1, `${label}を入力してください`);

export const templateFormSchema = z.object({
  name: required('テンプレート名').max(100, 'テンプレート名は100文字以内で入力してください'),
  category: z.enum(TEMPLATE_CATEGORY_IDS, { error: 'テーマを選択してください' }),
  difficulty: z.enum(['1', '2', '3'], { error: '難易度を選択してください' }),
  sender_name: required('差出人名').max(100, '差出人名は100文字以内で入力してください'),
  sender_local_part: required('送信元アドレス').regex(/^[A-Za-z0-9](?:[A-Za-z0-9._+-]{0,62}[A-Za-z0-9])?$/, '半角英数字と . _ + - で入力してください（先頭と末尾は英数字）'),
  subject: required('件名').max(200, '件名は200文字以内で入力してください'),
  html_body: required('本文（HTML）'),
  text_body: required('本文（テキスト）'),
  landing: z.enum(TEMPLATE_LANDINGS),
  red_flags: z.array(
    z.object({
      label: required('ポイントの見出し'),
      explanation: required('解説'),
      excerpt: z.string(),
    }),
  ),
});

export type TemplateFormValues = z.input<typeof templateFormSchema>;
export type TemplateFormFieldName = Exclude<keyof TemplateFormValues, 'red_flags'>;

export const TEMPLATE_FORM_FIELDS: TemplateFormFieldName[] = [
  'name',
  'category',
  'difficulty',
  'sender_name',
  'sender_local_part',
  'subject',
  'html_body',
  'text_body',
  'landing',
];

export const EMPTY_TEMPLATE: TemplateFormValues = {
  name: '',
  category: 'internal',
  difficulty: '1',
  sender_name: '',
  sender_local_part: '',
  subject: '',
  html_body: '<p>{{name}} 様</p>\n<p></p>\n<p><a href="{{url}}">{{url}}</a></p>',
  text_body: '{{name}} 様\n\n\n{{url}}',
  landing: 'training',
  red_flags: [],
};

export function formValuesOf(template: Template): TemplateFormValues {
  return {
    name: template.name,
    category: template.category,
    difficulty: String(template.difficulty) as TemplateFormValues['difficulty'],
    sender_name: template.sender_name,
    sender_local_part: template.sender_local_part,
    subject: template.subject,
    html_body: template.html_body,
    text_body: template.text_body,
    landing: template.landing,
    red_flags: template.red_flags.map((flag) => ({ ...flag })),
  };
}

export function inputOf(values: TemplateFormValues): TemplateInput {
  return {
    name: values.name.trim(),
    category: values.category,
    difficulty: Number(values.difficulty),
    sender_name: values.sender_name.trim(),
    sender_local_part: values.sender_local_part.trim(),
    subject: values.subject,
    html_body: values.html_body,
    text_body: values.text_body,
    landing: values.landing,
    red_flags: values.red_flags.map((flag) => ({ label: flag.label.trim(), explanation: flag.explanation.trim(), excerpt: flag.excerpt })),
  };
}
