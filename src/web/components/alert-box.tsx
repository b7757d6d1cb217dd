import type { ReactNode, Ref } from 'react';

type Tone = 'error' | 'success' | 'info' | 'warning';

type AlertBoxProps = {
  tone: Tone;
  title?: string;
  children: ReactNode;
  ref?: Ref<HTMLDivElement>;
  className?: string;
  /** Static notes (tone info/warning) are not announced; results and errors are. */
  live?: boolean;
};

const ROLE: Record<Tone, 'alert' | 'status'> = { error: 'alert', warning: 'alert', success: 'status', info: 'status' };

export function AlertBox({ tone, title, children, ref, className, live = tone === 'error' || tone === 'success' }: AlertBoxProps) {
  return (
    <div
      ref={ref}
      className={['alert', `alert--${tone}`, className].filter(Boolean).join(' ')}
      role={live ? ROLE[tone] : undefined}
      // Focusable from script so a new result can take focus without joining the tab order.
      tabIndex={-1}
    >
      <span className="alert__icon" aria-hidden="true">
        {tone === 'error' || tone === 'warning' ? '!' : tone === 'success' ? '✓' : 'i'}
      </span>
      <div className="alert__text">
        {title && <p className="alert__title">{title}</p>}
        <div className="alert__body">{children}</div>
      </div>
    </div>
  );
}
