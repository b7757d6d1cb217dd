import { pick } from './content';
import { androidStatusBar, baseSize, page, segments } from './html';
import type { Scene } from './scene';
import { ARROW, DOTS, senderHtml } from './sms-families';

/**
 * SMS families of `--variety novel` (scene.ts NOVEL_FAMILIES): apps the OCR rules were never
 * tuned on. Same markers as sms-families.ts (html.ts lists them).
 */

const PHONE_ICON = (color: string) =>
  `<svg width="22" height="22" viewBox="0 0 24 24"><path d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z" fill="none" stroke="${color}" stroke-width="1.6"/></svg>`;

/** One UI prints message times as 午前/午後 h:mm. */
function oneUiTime(clock: string): string {
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  return `${hours < 12 ? '午前' : '午後'} ${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')}`;
}

/**
 * Samsung Galaxy メッセージ (One UI): the sender in a large header with call and menu icons, an
 * "unsaved number" card with 連絡先に追加 / ブロック, a long date line, grey bubbles with the
 * time and SIM label under them, and Samsung's suspicious-link note on some variants.
 */
export function galaxyMessages(scene: Scene): string {
  const dark = scene.theme === 'dark';
  const f = baseSize(scene, false);
  const fg = dark ? '#fafafa' : '#000';
  const sub = dark ? '#9e9e9e' : '#6e6e6e';
  const accent = dark ? '#5b9cff' : '#3e7bfa';
  const bubbles = scene.lure.sms.map((paragraph) => `<div class="bub wrap" data-k="body">${segments(paragraph)}</div>`).join('');
  const weekday = pick(scene.random, ['月曜日', '火曜日', '水曜日', '木曜日', '金曜日']);
  const css = `
  body{background:${dark ? '#000' : '#fcfcfc'};color:${fg}}
  .hdr{display:flex;align-items:center;gap:16px;padding:18px 18px 14px}
  .hdr .who{flex:1;font-size:${f + 6}px;font-weight:600;min-width:0;overflow-wrap:anywhere}
  .card{margin:4px 14px 8px;background:${dark ? '#1e1e1e' : '#f0f0f0'};border-radius:22px;padding:14px 18px;font-size:${f - 2}px;color:${sub}}
  .card .acts{display:flex;justify-content:space-around;margin-top:10px;color:${accent};font-weight:600;font-size:${f - 1}px}
  .date{text-align:center;color:${sub};font-size:${f - 3}px;margin:16px 0 10px}
  .list{padding:0 14px}
  .bub{background:${dark ? '#2b2b2b' : '#ebebeb'};border-radius:4px 22px 22px 22px;padding:11px 15px;font-size:${f}px;max-width:80%;margin:4px 0;line-height:1.4}
  .lnk{color:${accent}}
  .stamp{color:${sub};font-size:${f - 5}px;margin:2px 0 0 6px;display:flex;gap:8px;align-items:center}
  .sim{border:1px solid ${sub};border-radius:3px;padding:0 3px;font-size:${f - 6}px}
  .safe{margin:10px 0 0;max-width:80%;background:${dark ? '#3a1e1e' : '#fdecec'};color:${dark ? '#ff8a80' : '#c62828'};border-radius:14px;padding:8px 12px;font-size:${f - 3}px}
  .input{position:fixed;left:0;right:0;bottom:0;display:flex;gap:10px;align-items:center;padding:10px 12px 18px;background:${dark ? '#000' : '#fcfcfc'}}
  .input div{flex:1;background:${dark ? '#1e1e1e' : '#f0f0f0'};border-radius:24px;padding:10px 16px;color:${sub};font-size:${f - 1}px}`;
  const body = `${androidStatusBar(scene, fg)}
  <div class="hdr">${ARROW(fg)}<span class="who">${senderHtml(scene)}</span>${PHONE_ICON(fg)}${DOTS(fg)}</div>
  ${scene.senderForm !== 'short-code' && scene.variant % 2 === 0 ? `<div class="card">この番号は連絡先に保存されていません。<div class="acts"><span>連絡先に追加</span><span>ブロック</span></div></div>` : ''}
  <div class="list"><div class="date">2026年11月${20 + (scene.variant % 7)}日 ${weekday}</div>${bubbles}
  <div class="stamp"><span>${oneUiTime(scene.clock)}</span><span class="sim">SIM 1</span></div>
  ${scene.variant % 3 === 1 ? '<div class="safe">このメッセージには不審なリンクが含まれている可能性があります。</div>' : ''}</div>
  <div class="input" data-occluder><span style="color:${accent};font-size:24px;line-height:1">＋</span><div>メッセージを入力</div></div>`;
  return page(scene, css, body);
}

const SMS_CARRIERS = [
  { name: 'ドコモ', color: '#cc0033' },
  { name: 'au', color: '#eb5505' },
  { name: 'SoftBank', color: '#5a5a5a' },
] as const;

/**
 * A carrier's own SMS app (the docomo / au / SoftBank ones that came before +メッセージ): a header
 * bar in the carrier's colour with the sender and "SMS", the carrier's unknown-sender note, square
 * bubbles with a tail and a "11/25(火) 10:15" stamp under each, and a 送信 button by the input.
 */
export function carrierSms(scene: Scene): string {
  const dark = scene.theme === 'dark';
  const f = baseSize(scene, false);
  const fg = dark ? '#eee' : '#222';
  const sub = dark ? '#aaa' : '#777';
  const carrier = SMS_CARRIERS[scene.variant % 3]!;
  const weekday = pick(scene.random, ['月', '火', '水', '木', '金', '土', '日']);
  const stamp = `11/${20 + (scene.variant % 7)}(${weekday}) ${scene.clock}`;
  const bubbles = scene.lure.sms
    .map((paragraph) => `<div class="row"><div class="bub wrap" data-k="body">${segments(paragraph)}</div></div><div class="stamp">${stamp}</div>`)
    .join('');
  const css = `
  body{background:${dark ? '#151515' : '#eef0f2'};color:${fg}}
  .hdr{background:${carrier.color};color:#fff;display:flex;align-items:center;gap:12px;padding:10px 12px}
  .hdr .who{flex:1;font-size:${f + 1}px;font-weight:700;min-width:0;overflow-wrap:anywhere}
  .hdr .who small{display:block;font-size:${f - 4}px;font-weight:400;opacity:.85}
  .note{margin:10px 10px 0;border:1px solid ${dark ? '#555' : '#c9ccd0'};background:${dark ? '#222' : '#fff'};padding:8px 10px;font-size:${f - 3}px;color:${sub};border-radius:4px}
  .row{margin:12px 14px 0 22px;position:relative}
  .bub{background:${dark ? '#2a2a2a' : '#fff'};border:1px solid ${dark ? '#3a3a3a' : '#d6d9dc'};border-radius:6px;padding:9px 12px;font-size:${f}px;max-width:82%;line-height:1.45}
  .row::before{content:'';position:absolute;left:-7px;top:12px;border:7px solid transparent;border-right-color:${dark ? '#3a3a3a' : '#d6d9dc'};border-left:0}
  .stamp{margin:3px 0 0 24px;color:${sub};font-size:${f - 5}px}
  .lnk{color:${dark ? '#7ab4ff' : '#0645ad'}}
  .input{position:fixed;left:0;right:0;bottom:0;display:flex;gap:8px;align-items:center;padding:8px 10px 16px;background:${dark ? '#202020' : '#fff'};border-top:1px solid ${dark ? '#333' : '#d6d9dc'}}
  .input div{flex:1;border:1px solid ${dark ? '#444' : '#c9ccd0'};border-radius:4px;padding:7px 10px;color:${sub};font-size:${f - 1}px}
  .input span{background:${carrier.color};color:#fff;border-radius:4px;padding:7px 12px;font-size:${f - 2}px}`;
  const body = `${androidStatusBar(scene, fg)}
  <div class="hdr">${ARROW('#fff')}<div class="who">${senderHtml(scene)}<small>SMS・${carrier.name}</small></div>${DOTS('#fff')}</div>
  ${scene.variant % 2 === 1 ? `<div class="note">電話帳に登録されていない相手からのSMSです。URLを開いたり、個人情報を入力したりしないでください。</div>` : ''}
  ${bubbles}
  <div class="input" data-occluder><div>SMSを入力</div><span>送信</span></div>`;
  return page(scene, css, body);
}
