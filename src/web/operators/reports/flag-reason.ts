import { FLAG_REASONS } from '../../../common/operator-messages';

/** A flag reason code as the visitor chose it; an unknown code (a future reason) shows as it is. */
export function flagReasonLabel(code: string): string {
  return FLAG_REASONS.find((reason) => reason.code === code)?.label ?? code;
}
