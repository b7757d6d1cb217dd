import type { ReactNode } from 'react';

type EmptyStateProps = {
  title: string;
  text: ReactNode;
  /** Announced when it replaces a list after a search or filter (a result); not when a page opens empty. */
  live?: boolean;
  className?: string;
  /** The way forward: a link or button to create the first item, or to clear the filter. */
  children?: ReactNode;
};

/** A list with nothing to show: what that means and what to do next. */
export function EmptyState({ title, text, live = false, className, children }: EmptyStateProps) {
  return (
    <div className={['ta-empty', className].filter(Boolean).join(' ')} role={live ? 'status' : undefined}>
      <p className="ta-empty__title">{title}</p>
      <p className="ta-empty__text">{text}</p>
      {children}
    </div>
  );
}
