/**
 * zod probes once whether `new Function` may run, to compile faster parsers. Under our CSP
 * (script-src 'self', no 'unsafe-eval') the probe is refused, and the browser reports that refusal
 * as a CSP violation on every page with a form even though zod catches it. jitless skips the
 * probe; the interpreted parsers are plenty fast for forms.
 *
 * zod keeps its global configuration in one object on globalThis (`__zod_globalConfig`, which
 * `z.config()` writes and every copy of zod reads). Setting the flag there, in place, instead of
 * importing zod's `config`, keeps zod out of the first-paint entry: zod loads lazily with the
 * forms. zod-csp.test.ts fails if a zod upgrade stops reading it.
 */
const holder = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
