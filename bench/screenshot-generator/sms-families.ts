import { BENIGN_NOTIFICATIONS, pick } from './content';
import { androidStatusBar, baseSize, dayLabel, esc, iosStatusBar, page, segments, sensitive } from './html';
import type { Scene } from './scene';

/** The sender header text: a sensitive phone / e-mail item, or a short code (not personal). */
export function senderHtml(scene: Scene, cls = ''): string {
  const sender = scene.sender ?? '';
  if (scene.senderForm === 'short-code') return `<span${cls ? ` class="${cls}"` : ''}>${esc(sender)}</span>`;
  if (scene.senderForm === 'email') return sensitive('email', sender, 'source_email', cls);
  return sensitive('phone', sender, 'source_phone', cls);
}

export const CHEVRON = (color: string) => `<svg width="12" height="20" viewBox="0 0 12 20"><path d="M10 2 2 10l8 8" stroke="${color}" stroke-width="2.6" fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
export const ARROW = (color: string) => `<svg width="22" height="22" viewBox="0 0 24 24"><path d="M20 11H7.8l5.6-5.6L12 4l-8 8 8 8 1.4-1.4L7.8 13H20z" fill="${color}"/></svg>`;
export const DOTS = (color: string) => `<svg width="6" height="22" viewBox="0 0 6 22"><circle cx="3" cy="4" r="2.2" fill="${color}"/><circle cx="3" cy="11" r="2.2" fill="${color}"/><circle cx="3" cy="18" r="2.2" fill="${color}"/></svg>`;
export const PERSON = (bg: string, fg: string, size: number) =>
  `<svg width="${size}" height="${size}" viewBox="0 0 40 40"><circle cx="20" cy="20" r="20" fill="${bg}"/><circle cx="20" cy="15" r="7" fill="${fg}"/><path d="M6 34a16 12 0 0 1 28 0" fill="${fg}"/></svg>`;

export function iosMessages(scene: Scene): string {
  const dark = scene.theme === 'dark';
  const f = baseSize(scene, false);
  const fg = dark ? '#fff' : '#000';
  const bubbles = scene.lure.sms.map((paragraph) => `<div class="bub wrap" data-k="body">${segments(paragraph)}</div>`).join('');
  const unknown = scene.variant % 3 !== 0;
  const css = `
  body{background:${dark ? '#000' : '#fff'};color:${fg}}
  .nav{display:flex;flex-direction:column;align-items:center;padding:2px 0 8px;border-bottom:.5px solid ${dark ? '#38383a' : '#d1d1d6'};background:${dark ? '#1c1c1e' : '#f6f6f6'};position:relative}
  .nav .back{position:absolute;left:12px;top:18px}
  .nav .who{font-size:${Math.max(11, f - 5)}px;margin-top:4px;display:flex;align-items:center;gap:3px}
  .list{padding:10px 16px}
  .meta{text-align:center;color:#8e8e93;font-size:${Math.max(10, f - 5)}px;margin:8px 0 10px}
  .bub{background:${dark ? '#262628' : '#e9e9eb'};border-radius:18px;padding:7px 13px;font-size:${f + 1}px;max-width:78%;margin:3px 0;line-height:1.35}
  .lnk{color:${dark ? '#fff' : '#000'}}
  .warn{color:#8e8e93;font-size:${Math.max(10, f - 4)}px;text-align:center;margin:12px 14px;line-height:1.35}
  .warn b{color:#0a84ff;font-weight:400}
  .input{position:fixed;bottom:0;left:0;right:0;padding:8px 12px 28px;display:flex;gap:8px;align-items:center;background:${dark ? '#000' : '#fff'}}
  .input div{flex:1;border:1px solid ${dark ? '#3a3a3c' : '#c7c7cc'};border-radius:18px;padding:5px 12px;color:#8e8e93;font-size:${f}px}`;
  const body = `${iosStatusBar(scene, fg)}
  <div class="nav"><span class="back">${CHEVRON('#0a84ff')}</span>${PERSON(dark ? '#636366' : '#a5a9b5', dark ? '#3a3a3c' : '#fff', 48)}<div class="who">${senderHtml(scene)}<span style="color:#8e8e93">›</span></div></div>
  <div class="list"><div class="meta">テキストメッセージ<br>${dayLabel(scene)} ${scene.clock}</div>${bubbles}
  ${unknown ? `<div class="warn">送信者が連絡先リストに登録されていないため、このメッセージ内のリンクは無効になっています。<br><b>迷惑メッセージを報告</b></div>` : ''}</div>
  <div class="input" data-occluder><svg width="30" height="30" viewBox="0 0 30 30"><circle cx="15" cy="15" r="14" fill="${dark ? '#2c2c2e' : '#e5e5ea'}"/><path d="M15 9v12M9 15h12" stroke="#8e8e93" stroke-width="2"/></svg><div>テキストメッセージ</div></div>`;
  return page(scene, css, body);
}

export function googleMessages(scene: Scene): string {
  const dark = scene.theme === 'dark';
  const f = baseSize(scene, false);
  const fg = dark ? '#e3e3e3' : '#1f1f1f';
  const bubbleBg = dark ? '#2d3038' : '#e8ebf4';
  const bubbles = scene.lure.sms
    .map((paragraph, i, all) => `<div class="row">${i === all.length - 1 ? PERSON('#7986cb', '#fff', 34) : '<span style="width:34px"></span>'}<div class="bub wrap" data-k="body">${segments(paragraph)}</div></div>`)
    .join('');
  const css = `
  body{background:${dark ? '#121316' : '#fff'};color:${fg}}
  .top{display:flex;align-items:center;gap:14px;padding:8px 14px;font-size:${f + 3}px}
  .top .name{flex:1}
  .spam{margin:8px 12px;border-radius:20px;background:${dark ? '#24272f' : '#eef1f8'};padding:14px 18px;font-size:${f - 1}px}
  .spam b{display:block;font-size:${f}px;margin-bottom:4px}
  .spam .act{color:${dark ? '#a8c7fa' : '#0b57d0'};font-weight:700;margin-top:10px;display:flex;gap:24px}
  .date{text-align:center;color:${dark ? '#9aa0a6' : '#5f6368'};font-size:${f - 3}px;margin:14px 0 10px}
  .row{display:flex;align-items:flex-end;gap:8px;margin:4px 12px}
  .bub{background:${bubbleBg};border-radius:22px;padding:10px 16px;font-size:${f + 1}px;max-width:76%}
  .lnk{color:${dark ? '#a8c7fa' : '#0b57d0'}}
  .stamp{margin:4px 0 0 54px;color:${dark ? '#9aa0a6' : '#5f6368'};font-size:${f - 4}px}
  .input{position:fixed;bottom:14px;left:10px;right:10px;display:flex;gap:10px;align-items:center}
  .input div{flex:1;background:${bubbleBg};border-radius:26px;padding:12px 18px;color:${dark ? '#9aa0a6' : '#5f6368'};font-size:${f}px}`;
  const body = `${androidStatusBar(scene, fg)}
  <div class="top">${ARROW(fg)}${PERSON('#7986cb', '#fff', 38)}<span class="name">${senderHtml(scene)}</span>${DOTS(fg)}</div>
  ${scene.variant % 2 === 0 ? `<div class="spam"><b>不明な送信者</b>この送信者は連絡先に登録されていません。迷惑メッセージの可能性があります。<div class="act"><span>迷惑メッセージを報告</span><span>OK</span></div></div>` : ''}
  <div class="date">${dayLabel(scene)} ${scene.clock}</div>${bubbles}<div class="stamp">${scene.clock}・SMS</div>
  <div class="input" data-occluder><svg width="36" height="36" viewBox="0 0 36 36"><circle cx="18" cy="18" r="16" fill="none" stroke="${fg}" stroke-width="2"/><path d="M18 11v14M11 18h14" stroke="${fg}" stroke-width="2"/></svg><div>テキスト メッセージ</div></div>`;
  return page(scene, css, body);
}

export function plusMessage(scene: Scene): string {
  const dark = scene.theme === 'dark';
  const f = baseSize(scene, false);
  const fg = dark ? '#f0f0f0' : '#222';
  const accent = '#1aa1e6';
  const bubbles = scene.lure.sms
    .map((paragraph) => `<div class="row"><div class="bub wrap" data-k="body">${segments(paragraph)}</div><span class="time">${scene.clock}</span></div>`)
    .join('');
  const css = `
  body{background:${dark ? '#17191c' : '#f3f5f7'};color:${fg}}
  .hdr{background:${dark ? '#22262b' : '#fff'};display:flex;align-items:center;gap:12px;padding:10px 14px;border-bottom:1px solid ${dark ? '#30343a' : '#e1e5ea'}}
  .hdr .who{flex:1;font-size:${f + 1}px;font-weight:700}
  .hdr .sub{display:block;font-size:${f - 4}px;color:#8a9199;font-weight:400}
  .notice{margin:12px;background:${dark ? '#3a2f1d' : '#fff6e0'};border:1px solid ${dark ? '#6b5426' : '#f2d491'};border-radius:10px;padding:10px 12px;font-size:${f - 3}px;line-height:1.45}
  .date{margin:10px auto;width:max-content;background:${dark ? '#30343a' : '#dfe4ea'};border-radius:12px;padding:2px 12px;font-size:${f - 4}px;color:${dark ? '#c0c6cc' : '#55606b'}}
  .row{display:flex;align-items:flex-end;gap:6px;margin:6px 12px}
  .bub{background:${dark ? '#2b3036' : '#fff'};border-radius:4px 16px 16px 16px;padding:9px 13px;font-size:${f}px;max-width:76%;box-shadow:0 1px 1px rgba(0,0,0,.06)}
  .lnk{color:${accent}}
  .time{font-size:${f - 5}px;color:#8a9199}
  .input{position:fixed;left:0;right:0;bottom:0;background:${dark ? '#22262b' : '#fff'};padding:10px 12px 22px;display:flex;gap:10px;align-items:center;border-top:1px solid ${dark ? '#30343a' : '#e1e5ea'}}
  .input div{flex:1;background:${dark ? '#17191c' : '#f0f2f4'};border-radius:18px;padding:7px 14px;color:#8a9199;font-size:${f - 1}px}`;
  const body = `${androidStatusBar(scene, fg)}
  <div class="hdr">${ARROW(accent)}<div class="who">${senderHtml(scene)}<span class="sub">${scene.senderForm === 'short-code' ? '公式アカウント以外' : '連絡先未登録'}</span></div>${DOTS(fg)}</div>
  ${scene.variant % 2 === 1 ? `<div class="notice">この送信元は連絡先に登録されていません。身に覚えのないメッセージのURLは開かないでください。</div>` : ''}
  <div class="date">${dayLabel(scene)}</div>${bubbles}
  <div class="input" data-occluder><span style="color:${accent};font-size:26px;line-height:1">＋</span><div>メッセージを入力</div></div>`;
  return page(scene, css, body);
}

/** LINE prints times as 午前/午後 with a 12-hour clock ("午後10:20"). */
function twelveHour(clock: string): string {
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  return `${hours < 12 ? '午前' : '午後'}${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')}`;
}

/** Official-looking LINE account names; display names are not personal data. */
function lineAccount(scene: Scene): string {
  const brand = scene.lure.brand.name;
  return pick(scene.random, [brand, `${brand}【公式】`, `${brand} サポート`, `${brand}お知らせ`]);
}

export function lineLock(scene: Scene): string {
  const dark = scene.theme === 'dark';
  const f = baseSize(scene, false);
  const wallpaper = dark ? 'linear-gradient(160deg,#0b1a2c,#1e2b3e 55%,#101018)' : 'linear-gradient(160deg,#6f9fd8,#a7c4e5 50%,#e7b7a7)';
  const card = dark ? 'rgba(40,40,46,.86)' : 'rgba(245,245,247,.86)';
  const text = dark ? '#f2f2f7' : '#111';
  const [otherApp, otherText] = pick(scene.random, BENIGN_NOTIFICATIONS);
  const lure = scene.lure.sms.map((paragraph) => `<div class="msg wrap" data-k="body">${segments(paragraph)}</div>`).join('');
  const account = lineAccount(scene);
  const css = `
  body{background:${wallpaper};color:#fff}
  .clock{text-align:center;margin-top:18px}
  .clock .d{font-size:${Math.max(14, f + 1)}px;font-weight:600;opacity:.9}
  .clock .t{font-size:84px;font-weight:700;line-height:1.05;font-family:'DejaVu Sans',sans-serif;letter-spacing:-2px}
  .stack{margin:26px 10px 0}
  .n{background:${card};color:${text};border-radius:20px;padding:11px 14px;margin-bottom:8px;display:flex;gap:10px;font-size:${f}px;line-height:1.35}
  .n .ic{width:36px;height:36px;border-radius:9px;flex:none;display:flex;align-items:center;justify-content:center;color:#fff;font-weight:800;font-size:11px}
  .n .c{flex:1;min-width:0}
  .n .h{display:flex;justify-content:space-between;font-weight:700}
  .n .h{gap:8px}
  .n .h small{font-weight:400;opacity:.55;font-size:${f - 3}px;white-space:nowrap;flex:none}
  .lnk{text-decoration:none}
  .foot{position:fixed;bottom:28px;left:0;right:0;display:flex;justify-content:space-between;padding:0 46px}
  .foot span{width:50px;height:50px;border-radius:25px;background:rgba(0,0,0,.3)}`;
  const body = `${iosStatusBar(scene, '#fff')}
  <div class="clock"><div class="d">11月${10 + scene.variant}日(${pick(scene.random, ['月', '火', '水', '木', '金', '土', '日'])})</div><div class="t">${scene.clock}</div></div>
  <div class="stack">
  <div class="n"><div class="ic" style="background:#06c755">LINE</div><div class="c"><div class="h"><span>${esc(account)}</span><small>${pick(scene.random, ['今', '2分前', '5分前'])}</small></div>${lure}</div></div>
  ${scene.variant % 2 === 0 ? `<div class="n"><div class="ic" style="background:#8e8e93"></div><div class="c"><div class="h"><span>${esc(otherApp)}</span><small>${pick(scene.random, ['12分前', '28分前', '1時間前'])}</small></div><div>${esc(otherText)}</div></div></div>` : ''}
  </div><div class="foot" data-occluder><span></span><span></span></div>`;
  return page(scene, css, body);
}

export function lineChat(scene: Scene): string {
  const dark = scene.theme === 'dark';
  const f = baseSize(scene, false);
  const fg = dark ? '#eee' : '#111';
  const account = lineAccount(scene);
  const bubbles = scene.lure.sms
    .map((paragraph, i) => `<div class="row">${i === 0 ? `<div class="av">${esc(account.slice(0, 1))}</div>` : '<div style="width:38px"></div>'}<div class="col">${i === 0 ? `<div class="nm">${esc(account)}</div>` : ''}<div class="bb"><div class="bub wrap" data-k="body">${segments(paragraph)}</div><span class="time">${twelveHour(scene.clock)}</span></div></div></div>`)
    .join('');
  const css = `
  body{background:${dark ? '#1b1d21' : '#8cabd8'};color:${fg}}
  .hdr{display:flex;align-items:center;gap:12px;padding:8px 14px;background:${dark ? '#1b1d21' : '#8cabd8'};color:${dark ? '#eee' : '#111'};font-size:${f + 2}px;font-weight:700}
  .hdr .t{flex:1}
  .date{margin:10px auto;width:max-content;background:rgba(0,0,0,.18);color:#fff;border-radius:12px;padding:1px 12px;font-size:${f - 4}px}
  .row{display:flex;gap:8px;margin:8px 10px;align-items:flex-start}
  .av{width:38px;height:38px;border-radius:19px;background:#06c755;color:#fff;display:flex;align-items:center;justify-content:center;font-size:16px;font-weight:700;flex:none}
  .nm{font-size:${f - 4}px;color:${dark ? '#aaa' : '#2d3e57'};margin-bottom:3px}
  .bb{display:flex;align-items:flex-end;gap:5px}
  .col{max-width:80%}
  .bub{background:${dark ? '#2e3136' : '#fff'};border-radius:18px;padding:9px 13px;font-size:${f}px}
  .lnk{color:${dark ? '#6da8ff' : '#2a5db0'}}
  .time{font-size:${f - 6}px;color:${dark ? '#888' : '#33475f'};white-space:nowrap}
  .input{position:fixed;left:0;right:0;bottom:0;background:${dark ? '#25282c' : '#fff'};padding:9px 12px 24px;display:flex;gap:12px;align-items:center;color:#999}
  .input div{flex:1;background:${dark ? '#33363b' : '#f2f3f5'};border-radius:18px;padding:6px 14px;font-size:${f - 2}px}`;
  const body = `${iosStatusBar(scene, fg)}
  <div class="hdr">${CHEVRON(fg)}<span class="t">${esc(account)}</span><span style="font-size:20px">☰</span></div>
  <div class="date">${dayLabel(scene)}</div>${bubbles}
  <div class="input" data-occluder><span style="font-size:22px">＋</span><div>メッセージを入力</div></div>`;
  return page(scene, css, body);
}
