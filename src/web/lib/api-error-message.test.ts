import { describe, expect, it } from 'vitest';
import { accountMessages } from '../../common/messages';
import { ApiError } from './api-client';
import { apiErrorMessage } from './api-error-message';

describe('error wording', () => {
  it("shows the server's Japanese message for a refused request", () => {
    const message = 'このメールアドレスは既に登録されています';
    expect(apiErrorMessage(new ApiError(422, message), 'fallback')).toBe(message);
  });

  it('uses the network wording for a lost connection and the screen’s fallback for anything else', () => {
    expect(apiErrorMessage(new ApiError(0, null), 'fallback')).toBe(accountMessages.networkError);
    expect(apiErrorMessage(new ApiError(500, 'Internal Server Error'), 'fallback')).toBe('fallback');
    expect(apiErrorMessage(new Error('boom'), 'fallback')).toBe('fallback');
  });
});
