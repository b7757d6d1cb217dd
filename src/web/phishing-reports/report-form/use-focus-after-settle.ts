import { useEffect, useState } from 'react';

/**
 * While a request runs the whole form sits in a disabled fieldset, and a disabled control
 * cannot take focus. Requests made meanwhile run once the form is enabled again.
 */
export function useFocusAfterSettle(busy: boolean) {
  const [pending, setPending] = useState<(() => void) | null>(null);

  useEffect(() => {
    if (busy || !pending) return;
    pending();
    setPending(null);
  }, [busy, pending]);

  return (focus: () => void) => setPending(() => focus);
}
