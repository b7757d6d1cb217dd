import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CSRF_HEADER } from '../../../common/http-headers';
import { individualMessages, individualPaths } from '../../../common/individual-training.schema';
import { accountMessages, commonMessages } from '../../../common/messages';
import { submitRegistration } from './registration-api';

/** The page's <meta name="csrf-token">, the one thing apiRequest reads from the document. */
const CSRF_TOKEN = 'csrf-from-meta';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('document', { querySelector: (selector: string) => (selector === 'meta[name="csrf-token"]' ? { content: CSRF_TOKEN } : null) });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const values = { email: 'taro@example.jp', termsAgreed: true, privacyAgreed: false };

describe('submitRegistration (SPEC §2.4, §7)', () => {
  it('POSTs JSON with 1/0 agreements and the CSRF header, then goes to the complete page', async () => {
    fetchMock.mockResolvedValue(answer(200, { success: true, status: 'registered', message: individualMessages.registered }));
    const navigate = vi.fn();

    expect(await submitRegistration(values, navigate)).toBeNull();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/individual/register');
    expect(init?.method).toBe('POST');
    const headers = new Headers(init?.headers);
    expect(headers.get(CSRF_HEADER)).toBe(CSRF_TOKEN);
    expect(headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'taro@example.jp', terms_agreed: 1, privacy_agreed: 0 });
    expect(navigate).toHaveBeenCalledWith(individualPaths.complete);
    expect(individualPaths.complete).toBe('/registration/complete');
  });

  it('returns a 422’s messages by field and does not navigate', async () => {
    fetchMock.mockResolvedValue(
      answer(422, {
        success: false,
        message: commonMessages.validationFailed,
        errors: { email: [accountMessages.emailInvalid], privacy_agreed: [accountMessages.privacyRequired], other: ['ほかの問題'] },
      }),
    );
    const navigate = vi.fn();
    expect(await submitRegistration(values, navigate)).toEqual({
      fields: { email: [accountMessages.emailInvalid], privacy_agreed: [accountMessages.privacyRequired] },
      general: ['ほかの問題'],
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('returns the server’s message for a 429', async () => {
    fetchMock.mockResolvedValue(answer(429, { success: false, message: individualMessages.rateLimitedIp }));
    expect(await submitRegistration(values, vi.fn())).toEqual({ fields: {}, general: [individualMessages.rateLimitedIp] });
  });

  it('returns the network error when the request never got an answer', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const navigate = vi.fn();
    expect(await submitRegistration(values, navigate)).toEqual({ fields: {}, general: [individualMessages.networkError] });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not take a 2xx without the success flag for a registration', async () => {
    fetchMock.mockResolvedValue(answer(200, { success: false, message: commonMessages.internalError }));
    const navigate = vi.fn();
    expect(await submitRegistration(values, navigate)).toEqual({ fields: {}, general: [commonMessages.internalError] });
    expect(navigate).not.toHaveBeenCalled();
  });
});
