import { CSRF_HEADER, FINGERPRINT_HEADER } from '../../common/http-headers';
import { trainingPaths } from '../../common/training-paths';
import { clearAuthToken, readAuthToken } from '../auth/token-storage';
import { getFingerprint } from './fingerprint';

/** status 0 means no HTTP answer at all (offline, DNS, CORS, aborted by the network). */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string | null;
  readonly fieldErrors: Record<string, string[]>;

  constructor(status: number, serverMessage: string | null, fieldErrors: Record<string, string[]> = {}) {
    super(serverMessage ?? `HTTP error! status: ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.fieldErrors = fieldErrors;
  }
}

let csrfWarningLogged = false;

function readCsrfToken(): string | null {
  const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
  if (!token && !csrfWarningLogged) {
    csrfWarningLogged = true;
    console.error('CSRF token not found: <meta name="csrf-token"> is missing from the page.');
  }
  return token || null;
}

type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as multipart; the browser sets the boundary header itself. */
  form?: FormData;
  json?: Record<string, unknown>;
  /** Checks and types `data` of a success answer; throwing turns the answer into a failure. */
  parse: (data: unknown) => T;
  signal?: AbortSignal;
  /**
   * SPEC §8: any 401 ends the sign-in (stored token cleared) and sends the browser to the login.
   * Off for the report API, whose 401 means a wrong delete password, and for callers that handle
   * a 401 themselves (the guard resolving the sign-in state, the automatic sign-in).
   */
  signInOn401?: boolean;
  /**
   * Another sign-in realm (the operator console): its own bearer token instead of the training
   * one, and its own answer to a 401 instead of the training login.
   */
  realm?: { token: string | null; onUnauthorized: () => void };
};

/** The public report API answers 401 for a wrong delete password, which is not about signing in. */
const REPORT_API_PREFIX = '/api/phishing-reports';

function handleUnauthorized(): void {
  clearAuthToken();
  if (window.location.pathname !== trainingPaths.login) window.location.assign(trainingPaths.login);
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/**
 * The one place that talks to the API: adds CSRF and fingerprint headers to writes, and turns
 * every non-success answer into an ApiError so callers only map statuses to wording.
 */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const method = options.method ?? 'GET';
  const headers = new Headers({ Accept: 'application/json' });
  let body: BodyInit | undefined;
  const signInOn401 = options.signInOn401 ?? !path.startsWith(REPORT_API_PREFIX);

  const bearer = options.realm ? options.realm.token : path.startsWith(REPORT_API_PREFIX) ? null : readAuthToken();
  if (bearer) headers.set('Authorization', `Bearer ${bearer}`);

  if (method !== 'GET') {
    const csrf = readCsrfToken();
    if (csrf) headers.set(CSRF_HEADER, csrf);
    headers.set(FINGERPRINT_HEADER, getFingerprint());
  }
  if (options.form) {
    body = options.form;
  } else if (options.json) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.json);
  }

  let response: Response;
  try {
    response = await fetch(path, { method, headers, body, credentials: 'same-origin', signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, null);
  }

  const payload = (await readJson(response)) as { success?: unknown; data?: unknown; message?: unknown; errors?: unknown } | null;
  if (response.ok && payload?.success === true) {
    try {
      return options.parse(payload.data);
    } catch (error) {
      console.error('Unexpected API answer shape', path, error);
      throw new ApiError(500, null);
    }
  }

  if (response.status === 401 && signInOn401) (options.realm?.onUnauthorized ?? handleUnauthorized)();

  const message = typeof payload?.message === 'string' && payload.message.trim() ? payload.message : null;
  // A 2xx that says success:false is still a failure; report it like a server error.
  throw new ApiError(response.ok ? 500 : response.status, message, readFieldErrors(payload?.errors));
}

function readFieldErrors(errors: unknown): Record<string, string[]> {
  if (typeof errors !== 'object' || errors === null) return {};
  const fields: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const list = Array.isArray(messages) ? messages : [messages];
    const texts = list.filter((text): text is string => typeof text === 'string' && text.trim() !== '');
    if (texts.length > 0) fields[field] = texts;
  }
  return fields;
}
