import type { ReactNode } from 'react';

export function GuestCard({ title, lead, children, footer }: { title: string; lead?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <section className="card ta-guest-card" aria-labelledby="ta-guest-title">
      <header className="card__header">
        <h1 id="ta-guest-title" className="card__title" tabIndex={-1} data-route-heading>
          {title}
        </h1>
        {lead && <p className="card__lead">{lead}</p>}
      </header>
      {children}
      {footer && <div className="ta-guest-card__footer">{footer}</div>}
    </section>
  );
}

