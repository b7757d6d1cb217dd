/** The sections of /phishing-reports the header links 「報告する」 and 「報告一覧」 point at. */
const SECTION_ANCHORS = ['report-form', 'report-list'];
/** Long enough for both sections to mount and the list's first page to arrive on a slow phone. */
const SETTLE_MS = 6_000;
/** Anything the visitor does to move or use the page themselves. */
const TAKE_OVER_EVENTS = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

let started = false;

/**
 * Keeps the section the URL's anchor names at the top of the screen while the page fills in.
 * The browser scrolls to `#report-list` when the HTML arrives, while the sections are still empty;
 * the form and the list mounting afterwards push the list far down. So until the page settles, or
 * the visitor scrolls or clicks, every change of the page's height brings the section back.
 * Called by every section's mount; only the first call does anything.
 */
export function landOnAnchor(): void {
  if (started) return;
  started = true;
  let id = '';
  try {
    id = decodeURIComponent(window.location.hash.slice(1));
  } catch {
    return;
  }
  const target = SECTION_ANCHORS.includes(id) ? document.getElementById(id) : null;
  if (!target || typeof ResizeObserver === 'undefined') return;

  const align = () => target.scrollIntoView({ block: 'start' });
  const observer = new ResizeObserver(align);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const type of TAKE_OVER_EVENTS) window.removeEventListener(type, stop, true);
  };
  const timer = window.setTimeout(stop, SETTLE_MS);
  for (const type of TAKE_OVER_EVENTS) window.addEventListener(type, stop, { capture: true, passive: true });
  observer.observe(document.body);
  align();
}
