import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { RouteEntry } from '../lib/route-table';

/**
 * fast-check arbitraries for requests a careless or hostile client sends: odd strings, malformed
 * JSON, broken multipart, wrong content types, bad ids and query values. The fuzz test throws them
 * at every route in the app's route table.
 */

/** Strings that have broken servers before: NUL and control characters, bidi and zero-width marks, escapes, huge runs. */
const nastyConstants = [
  '', ' ', '\u0000', 'a\u0000b@example.com', '\u0000@\u0000', 'taro\u200b@example.jp', '\u202etxt.exe', '\ufeff', '\r\n\r\n',
  '%', '%00', '%E0%A4%A', '%%%', '../../../etc/passwd', '..%2f..%2f', "' OR 1=1 --", '"; DROP TABLE users; --',
  '<script>alert(1)</script>', '{{constructor.constructor("return 1")()}}', '__proto__', 'constructor', 'NaN', 'Infinity',
  '-1', '0', '1e309', '9'.repeat(400), '1.5', '0x10', ' 12 ', '１２３４', '\u{1F600}', '𠮷野家', '\ud800', 'x'.repeat(70_000),
  'あ'.repeat(5_000), 'null', 'true', '[]', '{}',
];

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...nastyConstants) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.emailAddress() },
);

/** Field names the app's forms use, so generated bodies reach the validation and service code. */
const knownFields = [
  'email', 'password', 'password_confirmation', 'current_password', 'name', 'organization_name', 'token', 'terms_agreed',
  'privacy_agreed', 'receipt_method', 'source_info', 'subject', 'body', 'delete_password', 'fingerprint', 'publish_screenshot',
  'limit', 'offset', 'q',
];
const fieldName = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...knownFields) }, { weight: 1, arbitrary: nastyString });

const jsonLeaf: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)) },
  { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(nastyString, nastyString, { maxKeys: 2 }) },
);

const CRLF = '\r\n';

function multipartBody(boundary: string, fields: Record<string, string>, file: Uint8Array | null): Buffer {
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}${CRLF}Content-Disposition: form-data; name="${name.replace(/["\r\n]/g, '_')}"${CRLF}${CRLF}${value}${CRLF}`));
  }
  if (file) {
    chunks.push(Buffer.from(`--${boundary}${CRLF}Content-Disposition: form-data; name="screenshot"; filename="s.png"${CRLF}Content-Type: image/png${CRLF}${CRLF}`));
    chunks.push(Buffer.from(file), Buffer.from(CRLF));
  }
  chunks.push(Buffer.from(`--${boundary}--${CRLF}`));
  return Buffer.concat(chunks);
}

/** A PNG signature followed by junk: passes a byte sniff, fails a decoder. */
const PNG_SIGNATURE = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface FuzzBody {
  kind: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

export const fuzzBody: fc.Arbitrary<FuzzBody> = fc.oneof(
  fc.constant<FuzzBody>({ kind: 'none', headers: {} }),
  fc.dictionary(fieldName, jsonLeaf, { maxKeys: 6 }).map((object) => ({ kind: 'json object', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(object) })),
  fc.oneof(fc.constantFrom('{', '{"email":', '[', 'nul', '{"a":1}}', '\u0000', '{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"x":1}}}', '"just a string"', '[]', '123', 'null', ''), nastyString)
    .map((text) => ({ kind: 'json text', headers: { 'content-type': 'application/json' }, payload: text })),
  fc.tuple(fc.dictionary(fieldName, nastyString, { maxKeys: 8 }), fc.option(fc.oneof(fc.uint8Array({ maxLength: 64 }), fc.uint8Array({ maxLength: 64 }).map((junk) => Uint8Array.from([...PNG_SIGNATURE, ...junk])))))
    .map(([fields, file]) => ({ kind: 'multipart', headers: { 'content-type': 'multipart/form-data; boundary=fuzzboundary' }, payload: multipartBody('fuzzboundary', fields, file) })),
  fc.tuple(fc.dictionary(fieldName, nastyString, { maxKeys: 4 }), fc.nat({ max: 400 }), fc.constantFrom('multipart/form-data', 'multipart/form-data; boundary=', 'multipart/form-data; boundary=other', 'multipart/form-data; boundary=fuzzboundary'))
    .map(([fields, cut, contentType]) => ({ kind: 'broken multipart', headers: { 'content-type': contentType }, payload: multipartBody('fuzzboundary', fields, null).subarray(0, cut) })),
  fc.tuple(fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'image/png', 'application/octet-stream', ';;;', 'application/json; charset=shift_jis', 'x/y'), fc.uint8Array({ maxLength: 200 }))
    .map(([contentType, bytes]) => ({ kind: 'other type', headers: { 'content-type': contentType }, payload: Buffer.from(bytes) })),
);

/** A path for a route pattern: real-looking ids, odd ones, and escapes (the router decodes them). */
export function fuzzPath(route: RouteEntry, validIds: string[]): fc.Arbitrary<string> {
  const parameter = fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...validIds) },
    { weight: 3, arbitrary: nastyString.map((value) => encodeURIComponent(value).slice(0, 2_000)) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%00', '%E0%A4%A', '%2F', '..', '.', '%2e%2e') },
  );
  const names = route.url.match(/:[A-Za-z_]+|\*/g) ?? [];
  return fc.array(parameter, { minLength: names.length, maxLength: names.length }).map((values) => {
    let index = 0;
    return route.url.replace(/:[A-Za-z_]+|\*/g, () => values[index++] ?? 'x');
  });
}

export const fuzzQuery: fc.Arbitrary<string> = fc
  .array(fc.tuple(fieldName, nastyString), { maxLength: 4 })
  .map((pairs) => pairs.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&'))
  .chain((query) => fc.constantFrom(query, `${query}&limit=%`, `${query}&offset=%ZZ`, `${query}&limit[]=1`, `${query}&offset[a]=b`));

export type Credentials = 'none' | 'tenant' | 'individual' | 'garbage';

export interface FuzzRequest {
  method: RouteEntry['method'];
  url: string;
  credentials: Credentials;
  csrf: 'valid' | 'missing' | 'percent' | 'garbage';
  body: FuzzBody;
  extraHeaders: Record<string, string>;
}

export const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    'x-request-id': nastyString.map((value) => value.replace(/[^\t\x20-\x7e]/g, '')),
    'x-fingerprint': nastyString.map((value) => value.replace(/[^\t\x20-\x7e]/g, '')),
    'accept-language': fc.constantFrom('ja', 'en', '*', ''),
    accept: fc.constantFrom('text/html', 'application/json', '*/*', 'image/webp'),
  },
  { requiredKeys: [] },
);

export function fuzzRequest(route: RouteEntry, validIds: string[]): fc.Arbitrary<FuzzRequest> {
  return fc.record({
    method: fc.constant(route.method),
    url: fc.tuple(fuzzPath(route, validIds), fc.option(fuzzQuery, { freq: 2 })).map(([path, query]) => (query ? `${path}?${query}` : path)),
    credentials: fc.constantFrom<Credentials>('none', 'tenant', 'tenant', 'individual', 'garbage'),
    csrf: fc.constantFrom<FuzzRequest['csrf']>('valid', 'valid', 'valid', 'missing', 'percent', 'garbage'),
    body: route.method === 'GET' || route.method === 'HEAD' ? fc.constant<FuzzBody>({ kind: 'none', headers: {} }) : fuzzBody,
    extraHeaders,
  });
}

/** Turns a generated request into app.inject options with the given session and CSRF material. */
export function toInject(
  request: FuzzRequest,
  material: { csrfCookie: string; csrfToken: string; tokens: Record<Exclude<Credentials, 'none'>, string> },
): InjectOptions {
  const headers: Record<string, string> = { ...request.extraHeaders, ...request.body.headers, cookie: material.csrfCookie };
  if (request.credentials !== 'none') headers.authorization = `Bearer ${material.tokens[request.credentials]}`;
  if (request.csrf === 'valid') headers['x-xsrf-token'] = material.csrfToken;
  if (request.csrf === 'percent') headers['x-csrf-token'] = '%';
  if (request.csrf === 'garbage') headers['x-csrf-token'] = 'garbage-token';
  return { method: request.method, url: request.url, headers, ...(request.body.payload === undefined ? {} : { payload: request.body.payload }) };
}
