// Tells the server, once, that a person is looking at this page: mail-security scanners open
// links too, but they rarely run scripts, keep a page visible for seconds, or scroll and tap.
// Sent after 2 s of visibility plus one pointer, scroll, key or focus event, or after 4 s of
// visibility alone. Nothing about the person or the page is sent: the body is empty.
(() => {
  const url = document.body && document.body.dataset.beaconUrl;
  if (!url) return;

  const WITH_INTERACTION_MS = 2000;
  const VISIBLE_ONLY_MS = 4000;
  const INTERACTIONS = ['pointerdown', 'pointermove', 'scroll', 'wheel', 'touchstart', 'keydown', 'focusin'];

  let visibleMs = 0;
  let visibleSince = document.visibilityState === 'visible' ? performance.now() : null;
  let interacted = false;
  let sent = false;
  let timer = 0;

  const visibleTime = () => visibleMs + (visibleSince === null ? 0 : performance.now() - visibleSince);

  function send() {
    sent = true;
    clearTimeout(timer);
    for (const type of INTERACTIONS) window.removeEventListener(type, onInteraction, true);
    document.removeEventListener('visibilitychange', onVisibilityChange);
    const queued = typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url);
    if (!queued) fetch(url, { method: 'POST', keepalive: true, credentials: 'same-origin' }).catch(() => {});
  }

  function check() {
    if (sent) return;
    const shown = visibleTime();
    if (shown >= VISIBLE_ONLY_MS || (interacted && shown >= WITH_INTERACTION_MS)) send();
    else schedule();
  }

  // Wakes up when the visible time could next be enough; a hidden page waits for visibilitychange.
  function schedule() {
    clearTimeout(timer);
    if (sent || visibleSince === null) return;
    const due = (interacted ? WITH_INTERACTION_MS : VISIBLE_ONLY_MS) - visibleTime();
    timer = setTimeout(check, Math.max(0, due) + 20);
  }

  function onInteraction() {
    if (interacted) return;
    interacted = true;
    check();
  }

  function onVisibilityChange() {
    if (document.visibilityState === 'visible') {
      if (visibleSince === null) visibleSince = performance.now();
    } else if (visibleSince !== null) {
      visibleMs += performance.now() - visibleSince;
      visibleSince = null;
    }
    check();
  }

  for (const type of INTERACTIONS) window.addEventListener(type, onInteraction, { capture: true, passive: true });
  document.addEventListener('visibilitychange', onVisibilityChange);
  schedule();
})();
