import { operatorUiText } from '../../../common/operator-messages';

/** A flag reason code as the visitor chose it; an unknown code (a future reason) shows as it is. */
export const flagReasonLabel = (code: string): string => operatorUiText.flagReasonLabel(code);
