import type { BuiltinTemplate } from './builtin-template.types';
import { EC_TEMPLATES } from './ec';

/** The built-in lure library (issue 10 part 3), every theme of TEMPLATE_CATEGORIES. */
export const BUILTIN_TEMPLATES: readonly BuiltinTemplate[] = [...EC_TEMPLATES];
