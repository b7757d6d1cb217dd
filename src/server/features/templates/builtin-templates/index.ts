import type { BuiltinTemplate } from './builtin-template.types';

/** The built-in lure library (issue 10 part 3), every theme of TEMPLATE_CATEGORIES. */
export const BUILTIN_TEMPLATES: readonly BuiltinTemplate[] = [];
