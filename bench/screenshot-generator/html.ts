import { BENIGN_NOTIFICATIONS, type Paragraph, pick } from './content';
import type { Scene } from './scene';

/**
 * Shared pieces of the app mock-ups. Markers the renderer reads (render.ts):
 *   data-k="body"     text that belongs to the message body (truth `body`)
 *   data-k="subject"  the e-mail subject line
 *   data-s="<kind>"   a sensitive item (url, email, phone, name, address, card)
 *   data-f="source_phone" | "source_email"  the sender field a sensitive item fills
 *   data-occluder     a notification banner drawn over the content
 * Everything else is app chrome: its text lines are recorded as `plain` boxes.
 */

export const esc = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function segments(paragraph: Paragraph, linkClass = 'lnk'): string {
  return paragraph
    .map((segment) => {
      if (typeof segment === 'string') return segment.split('\n').map(esc).join('<br>');
      const cls = segment.kind === 'url' || segment.kind === 'email' || segment.kind === 'phone' ? ` class="${linkClass}"` : '';
      return `<span data-s="${segment.kind}"${cls}>${esc(segment.text)}</span>`;
    })
    .join('');
}

export function sensitive(kind: string, text: string, field?: 'source_phone' | 'source_email', cls = ''): string {
  return `<span data-s="${kind}"${field ? ` data-f="${field}"` : ''}${cls ? ` class="${cls}"` : ''}>${esc(text)}</span>`;
}

/** Base text size in CSS px for the scene's text-size condition. */
export function baseSize(scene: Scene, web: boolean): number {
  const sizes = web ? { small: 12, normal: 14, large: 18 } : { small: 13, normal: 16, large: 22 };
  return sizes[scene.textSize] + (scene.textSize === 'normal' ? scene.variant % 2 : 0);
}

export function page(scene: Scene, css: string, body: string): string {
  return `<!doctype html><html lang="ja"><head><meta charset="utf-8"><style>
*{box-sizing:border-box;margin:0;padding:0}
html,body{width:100%;height:100%;overflow:hidden}
body{font-family:'Noto Sans CJK JP','DejaVu Sans',sans-serif;line-height:1.45;-webkit-font-smoothing:antialiased}
.lnk{text-decoration:underline}
.wrap{overflow-wrap:anywhere;word-break:break-all}
svg{display:inline-block;vertical-align:middle}
${css}
${bannerCss(scene)}
</style></head><body class="${scene.theme}">${body}${scene.banner ? banner(scene) : ''}</body></html>`;
}

const SIGNAL = (color: string) => `<svg width="18" height="12" viewBox="0 0 18 12"><rect x="0" y="8" width="3" height="4" rx="1" fill="${color}"/><rect x="5" y="5" width="3" height="7" rx="1" fill="${color}"/><rect x="10" y="2.5" width="3" height="9.5" rx="1" fill="${color}"/><rect x="15" y="0" width="3" height="12" rx="1" fill="${color}"/></svg>`;
const WIFI = (color: string) => `<svg width="16" height="12" viewBox="0 0 16 12"><path d="M8 11.5 5.6 9a3.4 3.4 0 0 1 4.8 0Z M3.4 6.8a6.5 6.5 0 0 1 9.2 0l-1.4 1.4a4.5 4.5 0 0 0-6.4 0Z M1.1 4.5a9.8 9.8 0 0 1 13.8 0l-1.4 1.4a7.8 7.8 0 0 0-11 0Z" fill="${color}"/></svg>`;
const BATTERY = (color: string, level: number) => `<svg width="26" height="12" viewBox="0 0 26 12"><rect x="0.5" y="0.5" width="22" height="11" rx="3" fill="none" stroke="${color}" opacity=".45"/><rect x="2" y="2" width="${(19 * level) / 100}" height="8" rx="1.6" fill="${color}"/><rect x="23.5" y="4" width="1.8" height="4" rx=".8" fill="${color}" opacity=".45"/></svg>`;

export function iosStatusBar(scene: Scene, color: string): string {
  return `<div class="sb-ios" style="display:flex;justify-content:space-between;align-items:center;height:47px;padding:14px 28px 0 34px;color:${color};font-weight:600;font-size:16px;font-family:'DejaVu Sans',sans-serif"><span>${scene.clock}</span><span style="display:flex;gap:6px;align-items:center">${SIGNAL(color)}${WIFI(color)}${BATTERY(color, 30 + scene.variant * 12)}</span></div>`;
}

export function androidStatusBar(scene: Scene, color: string): string {
  const level = 30 + scene.variant * 12;
  return `<div class="sb-and" style="display:flex;justify-content:space-between;align-items:center;height:32px;padding:0 18px;color:${color};font-size:14px"><span>${scene.clock}</span><span style="display:flex;gap:5px;align-items:center">${WIFI(color)}${SIGNAL(color)}<span>${level}%</span></span></div>`;
}

/** Message times and dates as the apps print them. */
export function dayLabel(scene: Scene): string {
  return pick(scene.random, ['今日', '昨日', '11月24日(月)', '11月25日(火)', '水曜日', '2026/11/20']);
}

function bannerCss(scene: Scene): string {
  if (!scene.banner) return '';
  const dark = scene.theme === 'dark';
  return `.kz-banner{position:fixed;left:8px;right:8px;top:6px;z-index:50;border-radius:18px;padding:10px 14px;display:flex;gap:10px;align-items:flex-start;
  background:${dark ? '#3a3a3e' : '#f6f6f8'};color:${dark ? '#f2f2f7' : '#111'};box-shadow:0 4px 18px rgba(0,0,0,.25);font-size:14px;line-height:1.35}
  .kz-banner .ic{width:34px;height:34px;border-radius:8px;flex:none}
  .kz-banner .t{font-weight:700;display:flex;justify-content:space-between}
  .kz-banner .t small{font-weight:400;opacity:.6;margin-left:12px}
  .web .kz-banner{left:auto;right:16px;width:380px;top:12px;border-radius:10px}`;
}

/**
 * A notification from another app over the content. The renderer moves its bottom edge into the
 * gap under the last text line it overlaps, so no line is ever half hidden by it.
 */
function banner(scene: Scene): string {
  const [app, text] = pick(scene.random, BENIGN_NOTIFICATIONS);
  const colors = ['#34c759', '#ff9500', '#007aff', '#ff2d55', '#5856d6', '#8e8e93'];
  return `<div class="kz-banner" data-occluder><div class="ic" style="background:${pick(scene.random, colors)}"></div><div style="flex:1"><div class="t"><span>${esc(app)}</span><small>${pick(scene.random, ['今', '1分前', '2分前'])}</small></div><div>${esc(text)}</div></div></div>`;
}
