import { describe, expect, it } from 'vitest';
import { reportMessages } from './messages';
import { reportListQuerySchema, reportSubmissionSchema } from './phishing-report.schema';

const messagesFor = (input: Record<string, unknown>) => {
  const result = reportSubmissionSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
};

describe('report submission schema (shared by the form and the API)', () => {
  it('accepts a complete e-mail report and normalises it', () => {
    const parsed = reportSubmissionSchema.parse({
      receipt_method: 'email', source_info: ' a@example.com ', subject: '件名', body: '本文\r\n', delete_password: '１２３４', publish_screenshot: '1',
    });
    expect(parsed).toMatchObject({ source_info: 'a@example.com', body: '本文', delete_password: '1234', publish_screenshot: true });
  });

  it('drops the subject of an SMS report', () => {
    const parsed = reportSubmissionSchema.parse({ receipt_method: 'sms', source_info: '090-1111-2222', subject: 'x', body: 'b', delete_password: '0000' });
    expect(parsed.subject).toBe('');
    expect(parsed.publish_screenshot).toBe(false);
  });

  it('reports every missing field of e-mail mode with its message', () => {
    expect(messagesFor({ receipt_method: 'email', delete_password: '' })).toEqual(
      expect.arrayContaining([
        `source_info:${reportMessages.sourceEmailRequired}`,
        `subject:${reportMessages.subjectRequired}`,
        `body:${reportMessages.bodyRequired}`,
        `delete_password:${reportMessages.deletePasswordFormat}`,
      ]),
    );
  });

  it('requires a receipt method', () => {
    expect(messagesFor({ source_info: 'a@example.com', body: 'b', delete_password: '1234' })).toContain(`receipt_method:${reportMessages.receiptMethodRequired}`);
  });
});

describe('list query schema', () => {
  it('defaults to the first page of 20', () => {
    expect(reportListQuerySchema.parse({})).toEqual({ limit: 20, offset: 0 });
  });
  it('refuses a limit over 100', () => {
    expect(reportListQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
  });
});
