import { describe, expect, it } from 'vitest';
import { operatorScreenText as t } from '../../../common/operator-messages';
import { ApiError } from '../../lib/api-client';
import { flagFailureMessage } from './report-flag-api';

describe('what a refused flag says', () => {
  it('names the limit, a report that is gone, and otherwise asks to try later', () => {
    expect(flagFailureMessage(new ApiError(429, null))).toBe(t.flagRateLimited);
    expect(flagFailureMessage(new ApiError(429, 'しばらくお待ちください。'))).toBe('しばらくお待ちください。');
    expect(flagFailureMessage(new ApiError(404, 'Not Found'))).toBe(t.flagNotFound);
    expect(flagFailureMessage(new ApiError(500, 'Internal Server Error'))).toBe(t.flagFailed);
    expect(flagFailureMessage(new ApiError(0, null))).toBe(t.flagFailed);
  });
});
