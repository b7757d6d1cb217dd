import { pick } from './content';
import { androidStatusBar, baseSize, esc, iosStatusBar, page, segments, sensitive } from './html';
import type { Scene } from './scene';

export const bodyHtml = (scene: Scene) => scene.lure.email.map((paragraph) => `<p class="wrap" data-k="body">${segments(paragraph)}</p>`).join('');
export const subjectHtml = (scene: Scene) => `<span data-k="subject">${esc(scene.lure.subject)}</span>`;
export const fromAddress = (scene: Scene, cls = '') => sensitive('email', scene.lure.fromAddress, 'source_email', cls);
export const recipientName = (scene: Scene) => sensitive('name', scene.lure.recipient.name);
export const recipientAddress = (scene: Scene, cls = '') => sensitive('email', scene.lure.recipient.email, undefined, cls);
export const initial = (scene: Scene) => esc(Array.from(scene.lure.fromName)[0] ?? 'M');
export const dateText = (scene: Scene) => pick(scene.random, [`2026/11/${20 + (scene.variant % 7)} ${scene.clock}`, `11月${20 + (scene.variant % 7)}日 ${scene.clock}`, `2026年11月${20 + (scene.variant % 7)}日 ${scene.clock}`]);
export const AVATAR_COLORS = ['#d93025', '#1a73e8', '#188038', '#e37400', '#9334e6', '#c5221f', '#12b5cb'];
export const ICON = (color: string, d: string, size = 22) => `<svg width="${size}" height="${size}" viewBox="0 0 24 24"><path d="${d}" fill="none" stroke="${color}" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
export const P_BACK = 'M15 4 7 12l8 8';
export const P_ARCHIVE = 'M4 7h16v13H4zM2 3h20v4H2zM10 11h4';
export const P_TRASH = 'M4 6h16M9 6V3h6v3M6 6l1 15h10l1-15';
export const P_MAIL = 'M3 5h18v14H3zM3 5l9 8 9-8';
export const P_REPLY = 'M10 7 4 12l6 5M4 12h11a5 5 0 0 1 5 5v2';
export const P_FLAG = 'M5 21V4h11l-2 4 2 4H5';
export const P_FOLDER = 'M3 6h6l2 2h10v11H3z';
export const P_SEARCH = 'M10 3a7 7 0 1 1 0 14 7 7 0 0 1 0-14zM15 15l6 6';

/** Whether the sender's address and the To line show (apps often hide them until tapped). */
export const showsFrom = (scene: Scene) => scene.variant !== 5;

export function iosMail(scene: Scene): string {
  const dark = scene.theme === 'dark';
  const f = baseSize(scene, false);
  const fg = dark ? '#fff' : '#000';
  const blue = '#0a84ff';
  const css = `
  body{background:${dark ? '#000' : '#fff'};color:${fg}}
  .nav{display:flex;justify-content:space-between;align-items:center;padding:6px 14px;color:${blue};font-size:${f + 1}px}
  .nav span{display:flex;align-items:center;gap:2px}
  .subj{font-size:${f + 5}px;font-weight:700;padding:6px 16px 10px;line-height:1.3}
  .from{display:flex;gap:10px;padding:8px 16px;border-top:.5px solid ${dark ? '#38383a' : '#d1d1d6'};border-bottom:.5px solid ${dark ? '#38383a' : '#d1d1d6'}}
  .av{width:40px;height:40px;border-radius:20px;background:${dark ? '#636366' : '#a5a9b5'};color:#fff;display:flex;align-items:center;justify-content:center;font-weight:600;flex:none}
  .who{flex:1;min-width:0;font-size:${f}px}
  .who b{display:flex;justify-content:space-between;font-weight:600}
  .who b small{font-weight:400;color:#8e8e93;font-size:${f - 3}px}
  .who div{color:#8e8e93;font-size:${f - 2}px}
  .who .addr{color:${blue}}
  .body{padding:14px 16px;font-size:${f}px;line-height:1.5}
  .body p{margin-bottom:${Math.round(f * 0.7)}px}
  .lnk{color:${blue}}
  .bar{position:fixed;bottom:0;left:0;right:0;display:flex;justify-content:space-around;padding:10px 0 28px;background:${dark ? '#1c1c1e' : '#f9f9f9'};border-top:.5px solid ${dark ? '#38383a' : '#d1d1d6'}}`;
  const details = showsFrom(scene)
    ? `<div>差出人: <span class="addr">${fromAddress(scene)}</span></div><div>宛先: ${scene.variant % 2 ? recipientName(scene) : recipientAddress(scene, 'addr')}</div>`
    : `<div>宛先: ${recipientName(scene)}</div>`;
  const body = `${iosStatusBar(scene, fg)}
  <div class="nav"><span>${ICON(blue, P_BACK)}受信</span><span style="gap:22px">${ICON(blue, 'M6 15l6-6 6 6')}${ICON(blue, 'M6 9l6 6 6-6')}</span></div>
  <div class="subj">${subjectHtml(scene)}</div>
  <div class="from"><div class="av">${initial(scene)}</div><div class="who"><b><span>${esc(scene.lure.fromName)}</span><small>${dateText(scene)}</small></b>${details}</div></div>
  <div class="body">${bodyHtml(scene)}</div>
  <div class="bar" data-occluder>${[P_FLAG, P_FOLDER, P_TRASH, P_REPLY, 'M4 20h16M12 4v12M8 8l4-4 4 4'].map((d) => ICON(blue, d, 26)).join('')}</div>`;
  return page(scene, css, body);
}

export function gmailApp(scene: Scene): string {
  const dark = scene.theme === 'dark';
  const f = baseSize(scene, false);
  const fg = dark ? '#e3e3e3' : '#1f1f1f';
  const sub = dark ? '#c4c7c5' : '#444746';
  const color = pick(scene.random, AVATAR_COLORS);
  const css = `
  body{background:${dark ? '#1f1f1f' : '#fff'};color:${fg}}
  .bar{display:flex;align-items:center;gap:22px;padding:10px 16px}
  .bar .sp{flex:1}
  .subj{padding:8px 16px 6px;font-size:${f + 5}px;line-height:1.35}
  .chip{display:inline-block;font-size:${f - 4}px;background:${dark ? '#444746' : '#e8eaed'};color:${sub};border-radius:4px;padding:0 6px;margin-left:8px;vertical-align:middle}
  .from{display:flex;gap:12px;padding:12px 16px;align-items:flex-start}
  .av{width:40px;height:40px;border-radius:20px;background:${color};color:#fff;display:flex;align-items:center;justify-content:center;font-size:18px;flex:none}
  .who{flex:1;min-width:0;font-size:${f}px}
  .who .l1{display:flex;gap:8px;align-items:baseline}
  .who .l1 small{color:${sub};font-size:${f - 3}px}
  .who .l2{color:${sub};font-size:${f - 3}px}
  .det{margin:4px 16px 0 68px;border:1px solid ${dark ? '#444746' : '#dadce0'};border-radius:8px;padding:8px 10px;font-size:${f - 3}px;color:${sub};line-height:1.6}
  .det span.lbl{display:inline-block;width:4.5em;color:${sub}}
  .body{padding:14px 16px;font-size:${f}px;line-height:1.55}
  .body p{margin-bottom:${Math.round(f * 0.8)}px}
  .lnk{color:${dark ? '#a8c7fa' : '#0b57d0'}}
  .reply{margin:4px 16px 24px;display:flex;gap:10px}
  .reply span{flex:1;border:1px solid ${dark ? '#8e918f' : '#747775'};border-radius:20px;padding:8px;text-align:center;font-size:${f - 1}px}`;
  const expanded = showsFrom(scene) && scene.variant % 2 === 0;
  const line2 = showsFrom(scene) && !expanded ? `<div class="l2">${fromAddress(scene)}</div><div class="l2">To 自分 ▾</div>` : `<div class="l2">To 自分 ${expanded ? '▴' : '▾'}</div>`;
  const det = expanded
    ? `<div class="det"><div><span class="lbl">From</span>${esc(scene.lure.fromName)} • ${fromAddress(scene)}</div><div><span class="lbl">To</span>${recipientAddress(scene)}</div><div><span class="lbl">日付</span>${dateText(scene)}</div></div>`
    : '';
  const body = `${androidStatusBar(scene, fg)}
  <div class="bar" data-occluder>${ICON(fg, 'M20 12H5M11 6l-6 6 6 6')}<span class="sp"></span>${ICON(fg, P_ARCHIVE)}${ICON(fg, P_TRASH)}${ICON(fg, P_MAIL)}<span style="font-size:20px">⋮</span></div>
  <div class="subj">${subjectHtml(scene)}<span class="chip">受信トレイ</span></div>
  <div class="from"><div class="av">${initial(scene)}</div><div class="who"><div class="l1"><b>${esc(scene.lure.fromName)}</b><small>${scene.clock}</small></div>${line2}</div>${ICON(fg, P_REPLY)}</div>${det}
  <div class="body">${bodyHtml(scene)}</div>
  <div class="reply"><span>↩ 返信</span><span>↪ 転送</span></div>`;
  return page(scene, css, body);
}

export function gmailWeb(scene: Scene): string {
  const dark = scene.theme === 'dark';
  const f = baseSize(scene, true);
  const fg = dark ? '#e3e3e3' : '#1f1f1f';
  const sub = dark ? '#c4c7c5' : '#5e5e5e';
  const css = `
  body{background:${dark ? '#111' : '#f6f8fc'};color:${fg};display:grid;grid-template-columns:240px 1fr;grid-template-rows:64px 1fr;font-size:${f}px}
  .top{grid-column:1/3;display:flex;align-items:center;gap:16px;padding:8px 16px}
  .logo{font-size:22px;color:${sub};width:200px}
  .search{flex:0 1 720px;background:${dark ? '#2a2a2a' : '#e9eef6'};border-radius:24px;padding:12px 18px;color:${sub}}
  .nav{padding:8px 0}
  .compose{margin:0 8px 16px;background:${dark ? '#004a77' : '#c2e7ff'};border-radius:16px;padding:16px 22px;width:max-content;font-weight:600}
  .nav div.i{padding:4px 26px;border-radius:0 16px 16px 0;display:flex;justify-content:space-between;margin-right:12px}
  .nav div.on{background:${dark ? '#004a77' : '#d3e3fd'};font-weight:700}
  .main{background:${dark ? '#1f1f1f' : '#fff'};border-radius:16px;margin:0 16px 16px 0;padding:16px 24px;overflow:hidden}
  .tools{display:flex;gap:26px;padding-bottom:14px;color:${sub}}
  .subj{font-size:${f + 8}px;margin:4px 0 16px 52px}
  .chip{font-size:${f - 2}px;background:${dark ? '#444' : '#ddd'};border-radius:4px;padding:0 6px;margin-left:10px;vertical-align:middle}
  .from{display:flex;gap:12px}
  .av{width:40px;height:40px;border-radius:20px;background:${pick(scene.random, AVATAR_COLORS)};color:#fff;display:flex;align-items:center;justify-content:center;font-size:18px;flex:none}
  .who{flex:1}
  .who small{color:${sub};font-size:${f - 2}px}
  .when{color:${sub};font-size:${f - 2}px}
  .body{margin:18px 0 0 52px;max-width:${720 + scene.variant * 30}px;line-height:1.55}
  .body p{margin-bottom:${Math.round(f * 0.9)}px}
  .lnk{color:${dark ? '#a8c7fa' : '#1155cc'}}`;
  const folders = [['受信トレイ', String(120 + scene.variant * 37)], ['スター付き', ''], ['スヌーズ中', ''], ['送信済み', ''], ['下書き', String(scene.variant + 1)], ['迷惑メール', '']];
  const from = showsFrom(scene) ? `<b>${esc(scene.lure.fromName)}</b> <small>&lt;${fromAddress(scene)}&gt;</small>` : `<b>${esc(scene.lure.fromName)}</b>`;
  const to = scene.variant % 2 ? `To ${recipientAddress(scene)} ▾` : 'To 自分 ▾';
  const body = `<div class="top"><span style="font-size:20px">☰</span><span class="logo">Gmail</span><div class="search">${ICON(sub, P_SEARCH, 18)} メールを検索</div></div>
  <div class="nav"><div class="compose">✎ 作成</div>${folders.map(([name, count], i) => `<div class="i${i === 0 ? ' on' : ''}"><span>${name}</span><span>${count}</span></div>`).join('')}</div>
  <div class="main"><div class="tools">${[P_BACK, P_ARCHIVE, P_TRASH, P_MAIL, P_FOLDER].map((d) => ICON(sub, d, 20)).join('')}</div>
  <div class="subj">${subjectHtml(scene)}<span class="chip">受信トレイ ×</span></div>
  <div class="from"><div class="av">${initial(scene)}</div><div class="who">${from}<br><small>${to}</small></div><div class="when">${dateText(scene)}</div></div>
  <div class="body">${bodyHtml(scene)}</div></div>`;
  return page(scene, css, body).replace(`<body class="${scene.theme}">`, `<body class="${scene.theme} web">`);
}

export function yahooMail(scene: Scene): string {
  const dark = scene.theme === 'dark';
  const f = baseSize(scene, false);
  const fg = dark ? '#eee' : '#222';
  const sub = dark ? '#aaa' : '#666';
  const css = `
  body{background:${dark ? '#161616' : '#fff'};color:${fg}}
  .hdr{display:flex;align-items:center;gap:14px;padding:10px 14px;border-bottom:1px solid ${dark ? '#333' : '#e5e5e5'}}
  .logo{flex:1;font-weight:800;color:#ff0033;font-size:18px;font-family:'DejaVu Sans',sans-serif}
  .logo span{color:${fg};font-family:'Noto Sans CJK JP',sans-serif}
  .subj{font-size:${f + 3}px;font-weight:700;padding:14px 14px 10px;line-height:1.35}
  .meta{padding:0 14px 12px;font-size:${f - 2}px;color:${sub};line-height:1.7;border-bottom:1px solid ${dark ? '#333' : '#e5e5e5'}}
  .meta b{color:${fg};font-weight:400;display:inline-block;min-width:3.5em}
  .body{padding:14px;font-size:${f}px;line-height:1.6}
  .body p{margin-bottom:${Math.round(f * 0.7)}px}
  .lnk{color:${dark ? '#6ea8fe' : '#0033cc'}}
  .warn{margin:10px 14px 0;background:${dark ? '#3a2a16' : '#fff4e5'};border-radius:6px;padding:8px 10px;font-size:${f - 3}px;color:${dark ? '#f0c27a' : '#8a5300'}}
  .tb{position:fixed;bottom:0;left:0;right:0;display:flex;justify-content:space-around;padding:8px 0 24px;border-top:1px solid ${dark ? '#333' : '#e5e5e5'};background:${dark ? '#1d1d1d' : '#fafafa'};font-size:11px;color:${sub};text-align:center}`;
  const from = showsFrom(scene) ? `${esc(scene.lure.fromName)} &lt;${fromAddress(scene)}&gt;` : esc(scene.lure.fromName);
  const body = `${(scene.variant % 2 ? iosStatusBar : androidStatusBar)(scene, fg)}
  <div class="hdr">${ICON(fg, P_BACK)}<span class="logo">Yahoo!<span>メール</span></span>${ICON(fg, P_TRASH)}${ICON(fg, P_FOLDER)}</div>
  ${scene.variant % 3 === 0 ? '<div class="warn">このメールはなりすましの可能性があります。リンクや添付ファイルに注意してください。</div>' : ''}
  <div class="subj">${subjectHtml(scene)}</div>
  <div class="meta"><div><b>差出人</b>${from}</div><div><b>宛先</b>${scene.variant % 2 ? recipientAddress(scene) : `${recipientName(scene)} 様`}</div><div><b>日時</b>${dateText(scene)}</div></div>
  <div class="body">${bodyHtml(scene)}</div>
  <div class="tb" data-occluder><div>${ICON(sub, P_REPLY)}<br>返信</div><div>${ICON(sub, P_MAIL)}<br>転送</div><div>${ICON(sub, P_FLAG)}<br>フラグ</div><div>${ICON(sub, P_TRASH)}<br>削除</div></div>`;
  return page(scene, css, body);
}

export function outlookMobile(scene: Scene): string {
  const dark = scene.theme === 'dark';
  const f = baseSize(scene, false);
  const fg = dark ? '#f3f3f3' : '#242424';
  const sub = dark ? '#adadad' : '#616161';
  const blue = dark ? '#479ef5' : '#0f6cbd';
  const css = `
  body{background:${dark ? '#141414' : '#fff'};color:${fg}}
  .bar{display:flex;align-items:center;gap:20px;padding:10px 16px;background:${dark ? '#141414' : blue};color:${dark ? fg : '#fff'}}
  .bar .sp{flex:1}
  .subj{font-size:${f + 4}px;font-weight:600;padding:14px 16px 8px;line-height:1.35}
  .from{display:flex;gap:12px;padding:8px 16px;align-items:center}
  .av{width:40px;height:40px;border-radius:20px;background:${pick(scene.random, ['#c239b3', '#0078d4', '#498205', '#ca5010', '#8764b8'])};color:#fff;display:flex;align-items:center;justify-content:center;font-weight:600;flex:none}
  .who{flex:1;font-size:${f}px;min-width:0}
  .who div{color:${sub};font-size:${f - 3}px}
  .body{padding:12px 16px;font-size:${f}px;line-height:1.5;border-top:1px solid ${dark ? '#2b2b2b' : '#edebe9'}}
  .body p{margin-bottom:${Math.round(f * 0.75)}px}
  .lnk{color:${blue}}
  .ext{margin:4px 16px;font-size:${f - 3}px;color:${sub};background:${dark ? '#1f1f1f' : '#f5f5f5'};border-radius:4px;padding:6px 8px}
  .rep{position:fixed;bottom:22px;right:18px;display:flex;gap:12px}
  .rep span{background:${blue};color:#fff;border-radius:22px;padding:10px 16px;font-size:${f - 2}px}`;
  const sender = showsFrom(scene) ? `<div>${fromAddress(scene)}</div>` : '';
  const body = `<div style="background:${dark ? '#141414' : blue}">${iosStatusBar(scene, dark ? fg : '#fff')}</div>
  <div class="bar" data-occluder>${ICON(dark ? fg : '#fff', P_BACK)}<span class="sp"></span>${ICON(dark ? fg : '#fff', P_ARCHIVE)}${ICON(dark ? fg : '#fff', P_TRASH)}<span style="font-size:20px">⋯</span></div>
  <div class="subj">${subjectHtml(scene)}</div>
  ${scene.variant % 2 === 0 ? '<div class="ext">外部の送信者からのメールです。リンクを開く際はご注意ください。</div>' : ''}
  <div class="from"><div class="av">${initial(scene)}</div><div class="who"><b>${esc(scene.lure.fromName)}</b>${sender}<div>宛先: ${scene.variant % 3 === 0 ? recipientAddress(scene) : recipientName(scene)}</div></div><div style="color:${sub};font-size:${f - 3}px">${scene.clock}</div></div>
  <div class="body">${bodyHtml(scene)}</div>
  <div class="rep" data-occluder><span>↩ 返信</span></div>`;
  return page(scene, css, body);
}

export function outlookWeb(scene: Scene): string {
  const dark = scene.theme === 'dark';
  const f = baseSize(scene, true);
  const fg = dark ? '#f3f3f3' : '#242424';
  const sub = dark ? '#adadad' : '#616161';
  const blue = '#0f6cbd';
  const others = [
    ['社内報編集部', '12月号の原稿締め切りについて'],
    ['経理部', '経費精算の提出期限のお知らせ'],
    ['システム管理者', 'メンテナンスのお知らせ（11/30）'],
    ['総務課', '年末年始の休業日について'],
  ];
  const cut = (text: string, max: number) => (Array.from(text).length > max ? `${Array.from(text).slice(0, max).join('')}…` : text);
  const css = `
  body{background:${dark ? '#0a0a0a' : '#f3f2f1'};color:${fg};display:grid;grid-template-columns:210px 300px 1fr;grid-template-rows:48px 1fr;font-size:${f}px}
  .top{grid-column:1/4;background:${dark ? '#1f1f1f' : blue};color:#fff;display:flex;align-items:center;gap:20px;padding:0 16px}
  .top .s{background:${dark ? '#2b2b2b' : '#fff'};color:${sub};border-radius:4px;padding:5px 12px;width:460px;margin-left:120px}
  .fold{padding:10px 8px;background:${dark ? '#141414' : '#fff'};border-right:1px solid ${dark ? '#333' : '#e1dfdd'}}
  .fold div{padding:5px 10px;border-radius:4px}
  .fold .on{background:${dark ? '#2b2b2b' : '#e1eefa'};font-weight:600}
  .list{background:${dark ? '#1a1a1a' : '#fff'};border-right:1px solid ${dark ? '#333' : '#e1dfdd'};overflow:hidden}
  .it{padding:9px 14px;border-bottom:1px solid ${dark ? '#2b2b2b' : '#edebe9'};font-size:${f - 1}px;line-height:1.4}
  .it.on{background:${dark ? '#0f3a5e' : '#cfe4fa'};border-left:3px solid ${blue}}
  .it small{color:${sub};display:block}
  .read{background:${dark ? '#1f1f1f' : '#fff'};margin:8px;border-radius:6px;padding:16px 22px;overflow:hidden}
  .subj{font-size:${f + 6}px;font-weight:600;margin-bottom:14px}
  .from{display:flex;gap:12px;align-items:flex-start}
  .av{width:40px;height:40px;border-radius:20px;background:#8764b8;color:#fff;display:flex;align-items:center;justify-content:center;font-weight:600;flex:none}
  .who{flex:1}
  .who div{color:${sub};font-size:${f - 1}px}
  .body{margin-top:18px;line-height:1.55;max-width:${640 + scene.variant * 40}px}
  .body p{margin-bottom:${Math.round(f * 0.8)}px}
  .lnk{color:${dark ? '#479ef5' : blue}}`;
  const from = showsFrom(scene) ? `<b>${esc(scene.lure.fromName)}</b> &lt;${fromAddress(scene)}&gt;` : `<b>${esc(scene.lure.fromName)}</b>`;
  const list = [others[scene.variant % 4]!, [scene.lure.fromName, scene.lure.subject], others[(scene.variant + 1) % 4]!, others[(scene.variant + 2) % 4]!]
    .map(([who, what], i) => `<div class="it${i === 1 ? ' on' : ''}"><b>${esc(cut(who!, 12))}</b><small>${esc(cut(what!, 16))}</small></div>`)
    .join('');
  const body = `<div class="top"><b style="font-size:16px">Outlook</b><div class="s">${ICON(sub, P_SEARCH, 16)} 検索</div></div>
  <div class="fold"><div class="on">受信トレイ <span style="float:right">${12 + scene.variant}</span></div><div>迷惑メール</div><div>下書き</div><div>送信済みアイテム</div><div>削除済みアイテム</div><div>アーカイブ</div></div>
  <div class="list">${list}</div>
  <div class="read"><div class="subj">${subjectHtml(scene)}</div>
  <div class="from"><div class="av">${initial(scene)}</div><div class="who">${from}<div>宛先: ${scene.variant % 2 ? `${recipientName(scene)} &lt;${recipientAddress(scene)}&gt;` : recipientAddress(scene)}</div></div><div style="color:${sub};font-size:${f - 1}px">${dateText(scene)}</div></div>
  <div class="body">${bodyHtml(scene)}</div></div>`;
  return page(scene, css, body).replace(`<body class="${scene.theme}">`, `<body class="${scene.theme} web">`);
}

const CARRIERS = [
  { name: 'ドコモメール', color: '#cc0033', folder: '受信BOX' },
  { name: 'auメール', color: '#eb5505', folder: '受信ボックス' },
  { name: 'SoftBankメール', color: '#2b2b2b', folder: '受信ボックス' },
] as const;

export function carrierMail(scene: Scene): string {
  const dark = scene.theme === 'dark';
  const f = baseSize(scene, false);
  const fg = dark ? '#eee' : '#222';
  const sub = dark ? '#aaa' : '#666';
  const carrier = CARRIERS[scene.variant % 3]!;
  const css = `
  body{background:${dark ? '#121212' : '#fff'};color:${fg}}
  .hdr{background:${carrier.color};color:#fff;display:flex;align-items:center;gap:12px;padding:10px 14px;font-size:${Math.min(f, 17)}px;white-space:nowrap}
  .hdr b{flex:1;font-size:${Math.min(f, 17) + 1}px}
  .tbl{width:100%;border-collapse:collapse;font-size:${f - 1}px}
  .tbl td{padding:7px 12px;border-bottom:1px solid ${dark ? '#333' : '#e6e6e6'};vertical-align:top}
  .tbl td:first-child{width:4.6em;color:${sub};background:${dark ? '#1b1b1b' : '#f5f5f5'}}
  .subj{font-weight:700}
  .body{padding:12px;font-size:${f}px;line-height:1.55}
  .body p{margin-bottom:${Math.round(f * 0.6)}px}
  .lnk{color:${dark ? '#7ab4ff' : '#0645ad'}}
  .tb{position:fixed;bottom:0;left:0;right:0;display:flex;justify-content:space-around;padding:10px 0 20px;background:${dark ? '#1b1b1b' : '#f5f5f5'};border-top:1px solid ${dark ? '#333' : '#ddd'};font-size:12px;color:${sub}}`;
  const body = `${androidStatusBar(scene, fg)}
  <div class="hdr">${ICON('#fff', P_BACK)}<b>${carrier.name}</b><span>${carrier.folder}</span></div>
  <table class="tbl"><tr><td>From</td><td class="wrap">${showsFrom(scene) ? fromAddress(scene) : esc(scene.lure.fromName)}</td></tr>
  <tr><td>To</td><td class="wrap">${recipientAddress(scene)}</td></tr>
  <tr><td>件名</td><td class="subj">${subjectHtml(scene)}</td></tr>
  <tr><td>日時</td><td>${dateText(scene)}</td></tr></table>
  <div class="body">${bodyHtml(scene)}</div>
  <div class="tb" data-occluder><span>返信</span><span>全員に返信</span><span>転送</span><span>削除</span><span>保護</span></div>`;
  return page(scene, css, body);
}
