import type { ReceiptMethod } from '../../common/limits';
import { reportUiText as t } from '../../common/report-messages';

/** Mail / SMS pictogram with a spoken label, so the list's first column is not silent. */
type ReceiptMethodIconProps = {
  method: ReceiptMethod;
  className?: string;
  /** Set when visible text next to the icon already says the same thing. */
  decorative?: boolean;
};

export function ReceiptMethodIcon({ method, className, decorative = false }: ReceiptMethodIconProps) {
  const label = method === 'email' ? t.receiptEmail : t.receiptSms;
  return (
    <svg
      className={['receipt-icon', `receipt-icon--${method}`, className].filter(Boolean).join(' ')}
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : label}
      aria-hidden={decorative ? true : undefined}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {!decorative && <title>{label}</title>}
      {method === 'email' ? (
        <>
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <path d="m3.5 6.5 8.5 6.5 8.5-6.5" />
        </>
      ) : (
        <>
          <path d="M5 4h14a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-8l-5 4v-4H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z" />
          <path d="M8 9.5h.01M12 9.5h.01M16 9.5h.01" strokeWidth="2.6" />
        </>
      )}
    </svg>
  );
}
