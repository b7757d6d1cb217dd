import { z } from 'zod';

/** An empty parameter (`?group_id=`, as a plain form submits it) means the same as an omitted one. */
export const optionalParameter = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema);
