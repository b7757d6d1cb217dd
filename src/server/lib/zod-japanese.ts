import { z } from 'zod';

/**
 * zod's built-in messages in Japanese for every schema the server parses. Schemas name their own
 * wording where a person reads it; this keeps any message they do not name (a mistyped query
 * parameter, an odd header) from reaching an answer in English.
 */
z.config(z.locales.ja());
