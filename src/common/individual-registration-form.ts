import { INDIVIDUAL_REGISTRATION_FIELDS, type IndividualRegistrationField } from './individual-training';

/**
 * What the server-rendered registration form (individual-pages.ts) and the React form that
 * replaces it on mount (src/web/individual-training/registration) must agree on, so the page
 * looks and reads the same before and after JavaScript starts.
 */

/** Element ids: the labels, hints and error texts point at these. */
export const INDIVIDUAL_FORM_IDS = {
  field: (field: IndividualRegistrationField) => `individual-${field.replace('_', '-')}`,
  error: (field: IndividualRegistrationField) => `individual-${field.replace('_', '-')}-error`,
  emailHint: 'individual-email-hint',
} as const;

export type RegistrationErrors = Record<string, string[]>;

export interface SplitRegistrationErrors {
  /** Shown under the field. */
  fields: Partial<Record<IndividualRegistrationField, string[]>>;
  /** Every other key's messages, in the general error list (SPEC §5 individual form). */
  general: string[];
}

const isField = (key: string): key is IndividualRegistrationField => (INDIVIDUAL_REGISTRATION_FIELDS as readonly string[]).includes(key);

export function splitRegistrationErrors(errors: RegistrationErrors): SplitRegistrationErrors {
  const fields: SplitRegistrationErrors['fields'] = {};
  const general: string[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    const texts = messages.filter((message) => message.trim() !== '');
    if (texts.length === 0) continue;
    if (isField(key)) fields[key] = texts;
    else general.push(...texts);
  }
  return { fields, general };
}

/** Where focus goes after a failed submit: the first error in page order (the general list leads). */
export function firstErrorTarget({ fields, general }: SplitRegistrationErrors): 'general' | IndividualRegistrationField | null {
  if (general.length > 0) return 'general';
  return INDIVIDUAL_REGISTRATION_FIELDS.find((field) => fields[field]) ?? null;
}
