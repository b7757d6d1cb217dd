import type { ReactNode } from 'react';

/** A screen's h1 (focused after an in-app navigation) and its lead. */
export function PageHeading({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  return (
    <header className="op-page-heading">
      <div>
        <h1 id="op-page-title" className="op-page-heading__title" tabIndex={-1} data-route-heading>
          {title}
        </h1>
        {lead && <p className="op-page-heading__lead">{lead}</p>}
      </div>
      {children}
    </header>
  );
}
