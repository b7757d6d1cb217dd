import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';

/** The document title per route, and focus on the new screen's heading after an in-app navigation. */
export function OperatorTitle() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const firstRender = useRef(true);
  const title = [...matches].reverse().map((match) => (match.handle as { title?: string } | undefined)?.title).find(Boolean);

  useEffect(() => {
    if (title) document.title = `${title}｜キヅキ運営コンソール`;
  }, [title]);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    document.querySelector<HTMLElement>('[data-route-heading]')?.focus({ preventScroll: true });
    window.scrollTo({ top: 0 });
  }, [pathname]);

  return null;
}
