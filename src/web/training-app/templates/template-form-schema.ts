import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { templateFieldsSchema, type Template, type TemplateFields } from '../../../common/templates.schema';
import type { TemplateInput } from './templates-api';

/**
 * The editor checks what the server checks for each field (the shared schema, same Japanese
 * messages); variables and {{url}} are judged by the server (422 on the field) and the live preview.
 */
export const templateFormResolver: Resolver<TemplateFormValues, unknown, TemplateFields> = zodResolver(templateFieldsSchema) as Resolver<
  TemplateFormValues,
  unknown,
  TemplateFields
>;

/** What the inputs hold: the difficulty as the <select> gives it. */
export type TemplateFormValues = Omit<TemplateFields, 'difficulty'> & { difficulty: '1' | '2' | '3' };
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

/** The form's values (as typed, or as the resolver cleaned them) in the API's shape. */
export function inputOf(values: TemplateFormValues | TemplateFields): TemplateInput {
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
