import { AIRLINE_TEMPLATES } from './airline';
import { APPLE_ID_TEMPLATES } from './apple-id';
import { BANK_TEMPLATES } from './bank';
import type { BuiltinTemplate } from './builtin-template.types';
import { CARD_TEMPLATES } from './card';
import { CARRIER_TEMPLATES } from './carrier';
import { CEO_TEMPLATES } from './ceo';
import { CLOUD_TEMPLATES } from './cloud';
import { DELIVERY_TEMPLATES } from './delivery';
import { EC_TEMPLATES } from './ec';
import { INTERNAL_TEMPLATES } from './internal';
import { SUPPLIER_TEMPLATES } from './supplier';
import { SUPPORT_SCAM_TEMPLATES } from './support-scam';
import { TAX_TEMPLATES } from './tax';
import { UTILITY_TEMPLATES } from './utility';

/**
 * The built-in lure library (issue 10 part 3), every theme of TEMPLATE_CATEGORIES, in the order
 * the filter shows the themes. Keys are stable forever: campaigns refer to the synced rows.
 */
export const BUILTIN_TEMPLATES: readonly BuiltinTemplate[] = [
  ...EC_TEMPLATES,
  ...APPLE_ID_TEMPLATES,
  ...CARD_TEMPLATES,
  ...BANK_TEMPLATES,
  ...CARRIER_TEMPLATES,
  ...DELIVERY_TEMPLATES,
  ...TAX_TEMPLATES,
  ...UTILITY_TEMPLATES,
  ...AIRLINE_TEMPLATES,
  ...CLOUD_TEMPLATES,
  ...INTERNAL_TEMPLATES,
  ...SUPPLIER_TEMPLATES,
  ...CEO_TEMPLATES,
  ...SUPPORT_SCAM_TEMPLATES,
];
