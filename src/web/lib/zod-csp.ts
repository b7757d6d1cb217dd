import { config } from 'zod/v4/core';

/**
 * zod probes once whether `new Function` may run, to compile faster parsers. Under our CSP
 * (script-src 'self', no 'unsafe-eval') the probe is refused, and the browser reports that refusal
 * as a CSP violation on every page with a form even though zod catches it. jitless skips the
 * probe; the interpreted parsers are plenty fast for forms.
 */
config({ jitless: true });
