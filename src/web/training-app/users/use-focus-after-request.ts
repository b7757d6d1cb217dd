import { type RefObject, useEffect } from 'react';

/**
 * A dialog's fields are disabled while its request runs, so focus cannot move during the
 * request: the dialog notes in `focusAfter` where focus should go (a field in error, or the
 * failure message), and this moves it there once the fields are enabled again.
 */
export function useFocusAfterRequest<Field extends string>(
  focusAfter: RefObject<Field | 'failure' | null>,
  busy: boolean,
  focusField: (field: Field) => void,
  failureRef: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    const target = focusAfter.current;
    if (busy || !target) return;
    focusAfter.current = null;
    if (target === 'failure') failureRef.current?.focus();
    else focusField(target);
  }, [busy, focusAfter, focusField, failureRef]);
}
