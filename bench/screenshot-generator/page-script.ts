/**
 * Runs in the page (as a string, so no bundler helper leaks into it). Splits every rendered text
 * node into runs: consecutive characters on one line that belong to the same element (or the
 * same sensitive item). Characters hidden under a notification banner are left out, so a run is
 * exactly the text a person sees. Rects are CSS px in the viewport.
 */
export const COLLECT_RUNS = String.raw`(() => {
  const occluders = [...document.querySelectorAll('[data-occluder]')].map((el) => el.getBoundingClientRect());
  const hidden = (x, y) => occluders.some((r) => x >= r.left && x <= r.right && y >= r.top && y <= r.bottom);
  const ids = new Map();
  const idOf = (el) => { if (!ids.has(el)) ids.set(el, ids.size); return ids.get(el); };
  const runs = [];
  let current = null;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el) continue;
    const sEl = el.closest('[data-s]');
    const kEl = el.closest('[data-k]');
    const owner = sEl ? 's' + idOf(sEl) : 'e' + idOf(el);
    const text = node.data;
    for (let i = 0; i < text.length; ) {
      const code = text.codePointAt(i);
      const size = code > 0xffff ? 2 : 1;
      range.setStart(node, i);
      range.setEnd(node, i + size);
      const ch = text.slice(i, i + size);
      i += size;
      const rects = range.getClientRects();
      const r = rects.length > 0 ? rects[rects.length - 1] : null;
      if (!r || r.width === 0 || r.height === 0) continue;
      const onTop = !!el.closest('[data-occluder]');
      if (!onTop && hidden(r.left + r.width / 2, r.top + r.height / 2)) { current = null; continue; }
      const sameLine = current && current.owner === owner && Math.abs(r.top - current.top) < r.height / 2 && r.left - current.right < r.height * 1.5 && r.left >= current.left - 1;
      if (sameLine) {
        current.text += ch;
        current.right = Math.max(current.right, r.right);
        current.bottom = Math.max(current.bottom, r.bottom);
        current.top = Math.min(current.top, r.top);
      } else {
        current = {
          owner,
          text: ch,
          kind: sEl ? sEl.getAttribute('data-s') : null,
          field: sEl ? sEl.getAttribute('data-f') : null,
          category: kEl ? kEl.getAttribute('data-k') : 'chrome',
          block: kEl ? idOf(kEl) : -1,
          blockText: kEl ? kEl.innerText : null,
          left: r.left, top: r.top, right: r.right, bottom: r.bottom,
        };
        runs.push(current);
      }
    }
  }
  const fullTexts = [...ids.keys()].filter((el) => el.hasAttribute('data-s'));
  return runs
    .map((run) => {
      const el = run.owner.startsWith('s') ? fullTexts.find((candidate) => 's' + ids.get(candidate) === run.owner) : null;
      return { ...run, text: run.text.replace(/[ \t\n\r\f]+/g, ' ').trim(), fullText: el ? el.textContent : null };
    })
    .filter((run) => run.text !== '');
})()`;

/**
 * Moves a banner's bottom edge below the last text line it overlaps, so every line is either
 * wholly under it or wholly visible (on phones the banner spans the width). Returns whether a
 * banner was there.
 */
export const SETTLE_BANNER = String.raw`(() => {
  const banner = document.querySelector('.kz-banner');
  if (!banner) return false;
  const lines = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement || node.parentElement.closest('[data-occluder]')) continue;
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) if (r.width > 0) lines.push(r);
  }
  for (let round = 0; round < 20; round++) {
    const b = banner.getBoundingClientRect();
    const cut = lines.find((r) => r.top < b.bottom && r.bottom > b.bottom && r.right > b.left && r.left < b.right);
    if (!cut) return true;
    banner.style.paddingBottom = (parseFloat(getComputedStyle(banner).paddingBottom) + (cut.bottom - b.bottom) + 3) + 'px';
  }
  return true;
})()`;

/** Makes every glyph transparent (layout unchanged): the "without" rendering of the ink diff. */
export const HIDE_TEXT_CSS = `*,*::before,*::after{color:transparent!important;-webkit-text-fill-color:transparent!important;text-decoration-color:transparent!important;text-shadow:none!important;caret-color:transparent!important}`;
