import { useEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not(:disabled), input:not(:disabled), textarea:not(:disabled), select:not(:disabled), [tabindex]:not([tabindex="-1"])';

/**
 * showModal() makes the page inert, but Tab past the last control still leaves for the
 * browser's own UI; wrap it around instead so keyboard users stay in the dialog.
 */
function trapTab(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const focusables = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = focusables[0];
  const last = focusables[focusables.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

type DialogProps = {
  labelledBy: string;
  describedBy?: string;
  onClose: () => void;
  /** Element to focus once open; otherwise the browser picks the first focusable one. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** While true, Esc and backdrop clicks are ignored (e.g. a request in flight). */
  preventClose?: boolean;
  className?: string;
  children: ReactNode;
};

/**
 * Modal built on the native <dialog>: showModal() gives the top layer, an inert page behind
 * it (so focus stays inside) and Esc handling without any extra library. Mount it to open
 * it and unmount it to close; focus returns to whatever had it before.
 */
export function Dialog({ labelledBy, describedBy, onClose, initialFocus, preventClose, className, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const pressStartedOnBackdrop = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    initialFocus?.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
    // Runs once per mount on purpose: the dialog opens when mounted and closes when unmounted.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <dialog
      ref={ref}
      className={['dialog', className].filter(Boolean).join(' ')}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        if (!preventClose) onClose();
      }}
      onClose={() => {
        // The browser may still close it on its own (a repeated Esc); keep React in step.
        // A close queued by an unmount/remount cycle arrives while it is open again: ignore it.
        if (!ref.current?.open) onClose();
      }}
      onKeyDown={trapTab}
      onPointerDown={(event) => {
        pressStartedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        // Clicks on ::backdrop target the <dialog> itself; the content fills the box.
        // Require the press to start there too, so a text selection dragged outside does not close it.
        if (event.target === event.currentTarget && pressStartedOnBackdrop.current && !preventClose) onClose();
      }}
    >
      <div className="dialog__content">{children}</div>
    </dialog>
  );
}
