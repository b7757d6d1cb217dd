import { describe, expect, it } from 'vitest';
import { reportMessages as m } from '../../../common/report-messages';
import { reportFormSchema } from './report-form-schema';
import { reportFormDefaults } from './report-form-values';

const messagesOf = (values: unknown) => {
  const result = reportFormSchema.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('report form schema', () => {
  it('adds the agreement to the shared content rules', () => {
    expect(messagesOf(reportFormDefaults)).toEqual({
      source_info: m.sourceEmailRequired,
      subject: m.subjectRequired,
      body: m.bodyRequired,
      delete_password: m.deletePasswordFormat,
      agree: m.agreeRequired,
    });
  });

  it('does not ask for a subject in SMS mode and cleans what it passes on', () => {
    const result = reportFormSchema.parse({
      ...reportFormDefaults,
      receipt_method: 'sms',
      source_info: ' 090-1234-5678 ',
      body: ' 本文 ',
      delete_password: '１２３４',
      agree: true,
    });
    expect(result).toMatchObject({ source_info: '090-1234-5678', body: '本文', delete_password: '1234', publish_screenshot: true });
  });
});
