import { type Paragraph, pick } from './content';
import { baseSize, esc, iosStatusBar, page } from './html';
import {
  AVATAR_COLORS,
  ICON,
  P_ARCHIVE,
  P_FLAG,
  P_FOLDER,
  P_MAIL,
  P_REPLY,
  P_SEARCH,
  P_TRASH,
  bodyHtml,
  dateText,
  fromAddress,
  initial,
  recipientAddress,
  recipientName,
  showsFrom,
  subjectHtml,
} from './mail-families';
import type { Scene } from './scene';

/**
 * Desktop e-mail families of `--variety novel` (scene.ts NOVEL_FAMILIES): clients the OCR rules
 * were never tuned on. Same markers as mail-families.ts (html.ts lists them); the `web` body
 * class puts a banner at the top right as on a desktop.
 */

const desktopPage = (scene: Scene, css: string, body: string) => page(scene, css, body).replace(`<body class="${scene.theme}">`, `<body class="${scene.theme} web">`);

/** Other messages of a message list: newsletters and notices, never personal. */
const OTHER_MESSAGES: ReadonlyArray<readonly [string, string, string]> = [
  ['カレンダー通知', '来週の予定のお知らせ', '12月2日（火）10:00 定例ミーティング'],
  ['ポイントクラブ', '今月のポイント獲得状況', 'いつもご利用ありがとうございます。今月の獲得ポイントは'],
  ['ニュースレター編集部', '週末のおすすめ記事5選', '寒くなってきました。今週は冬の旅行特集です'],
  ['オンライン書店', 'ご注文の商品を発送しました', 'ご注文いただいた商品を本日発送いたしました'],
  ['自治会だより', '年末清掃のお知らせ', '12月の第2日曜日に地域の清掃を行います'],
  ['クラウドストレージ', 'ストレージ容量のお知らせ', 'ご利用中のストレージが80%に達しました'],
];

/** Text of the lure for a list preview: the first paragraph with nothing sensitive in it. */
function previewText(scene: Scene): string {
  const plainParagraph = scene.lure.email.find((paragraph: Paragraph) => paragraph.every((segment) => typeof segment === 'string'));
  return (plainParagraph ?? []).join('').replace(/\n/g, ' ');
}

const clip = (text: string, max: number) => (Array.from(text).length > max ? `${Array.from(text).slice(0, max).join('')}…` : text);

/** The list around the lure: two other messages above it, two below, the lure selected. */
function listRows(scene: Scene): Array<{ who: string; subject: string; preview: string; when: string; selected: boolean }> {
  const start = scene.variant % OTHER_MESSAGES.length;
  const other = (offset: number) => OTHER_MESSAGES[(start + offset) % OTHER_MESSAGES.length]!;
  const times = ['8:02', '昨日', '11/24', '11/23'];
  const rows = [other(0), other(1)].map(([who, subject, preview], i) => ({ who, subject, preview, when: i === 0 ? scene.clock : times[1]!, selected: false }));
  rows.splice(scene.variant % 2, 0, { who: scene.lure.fromName, subject: scene.lure.subject, preview: previewText(scene), when: scene.clock, selected: true });
  rows.push(...[other(2), other(3)].map(([who, subject, preview], i) => ({ who, subject, preview, when: times[i + 2]!, selected: false })));
  return rows;
}

/**
 * macOS Mail (Sonoma), three panes: a sidebar with the traffic lights and mailboxes, a message
 * list with previews, and the viewer with the sender, subject and 宛先 over Mail's junk or
 * remote-content note.
 */
export function macosMail(scene: Scene): string {
  const dark = scene.theme === 'dark';
  const f = baseSize(scene, true);
  const fg = dark ? '#e5e5e7' : '#1d1d1f';
  const sub = dark ? '#98989d' : '#6e6e73';
  const accent = '#0a64d8';
  const line = dark ? '#3a3a3c' : '#e0e0e2';
  const css = `
  body{background:${dark ? '#1e1e1e' : '#fff'};color:${fg};display:grid;grid-template-columns:200px 310px 1fr;grid-template-rows:52px 1fr;font-size:${f}px}
  .side{grid-row:1/3;background:${dark ? '#2a282b' : '#e9e7ea'};padding:14px 10px;border-right:1px solid ${line}}
  .lights{display:flex;gap:8px;margin:0 0 22px 6px}
  .lights i{width:12px;height:12px;border-radius:6px;display:block}
  .side h6{font-size:${f - 3}px;color:${sub};font-weight:600;margin:12px 8px 4px}
  .side div{padding:3px 8px;border-radius:6px;display:flex;justify-content:space-between}
  .side .on{background:${dark ? '#48464a' : '#d5d3d6'}}
  .side small{color:${sub}}
  .bar{grid-column:2/4;display:flex;align-items:center;gap:18px;padding:0 16px;border-bottom:1px solid ${line};background:${dark ? '#2d2d2d' : '#f6f6f6'}}
  .bar .t{flex:0 0 280px;line-height:1.25}
  .bar .t small{display:block;color:${sub};font-size:${f - 3}px}
  .bar .sp{flex:1}
  .list{border-right:1px solid ${line};overflow:hidden}
  .it{padding:8px 12px 8px 22px;border-bottom:1px solid ${line};line-height:1.35;font-size:${f - 1}px}
  .it .l1{display:flex;justify-content:space-between;gap:6px}
  .it small{color:${sub};font-size:${f - 3}px;white-space:nowrap}
  .it p{color:${sub};font-size:${f - 2}px}
  .it.on{background:${accent};color:#fff;border-radius:6px;margin:2px 6px}
  .it.on small,.it.on p{color:#e5eeff}
  .view{padding:18px 24px;overflow:hidden}
  .mh{display:flex;gap:12px;padding-bottom:12px;border-bottom:1px solid ${line}}
  .av{width:40px;height:40px;border-radius:20px;background:${dark ? '#636366' : '#a1a1a6'};color:#fff;display:flex;align-items:center;justify-content:center;font-weight:600;flex:none}
  .who{flex:1;min-width:0;line-height:1.45}
  .who .s{font-weight:600}
  .who .to{color:${sub};font-size:${f - 1}px}
  .when{color:${sub};font-size:${f - 2}px;white-space:nowrap}
  .note{margin:10px 0 0;padding:8px 12px;background:${dark ? '#2c2c2e' : '#f2f2f7'};border-radius:8px;display:flex;justify-content:space-between;align-items:center;gap:12px;font-size:${f - 1}px;color:${sub}}
  .note span.b{border:1px solid ${line};border-radius:5px;padding:1px 10px;color:${fg};background:${dark ? '#3a3a3c' : '#fff'};white-space:nowrap}
  .body{margin-top:16px;line-height:1.55;max-width:${600 + scene.variant * 40}px}
  .body p{margin-bottom:${Math.round(f * 0.8)}px}
  .lnk{color:${dark ? '#4aa3ff' : accent}}`;
  const rows = listRows(scene)
    .map((row) => `<div class="it${row.selected ? ' on' : ''}"><div class="l1"><b>${esc(clip(row.who, 14))}</b><small>${esc(row.when)}</small></div><div>${esc(clip(row.subject, 18))}</div><p>${esc(clip(row.preview, 36))}</p></div>`)
    .join('');
  const from = showsFrom(scene) ? `${esc(scene.lure.fromName)} <span style="font-weight:400;color:${sub}">&lt;${fromAddress(scene)}&gt;</span>` : esc(scene.lure.fromName);
  const note = [
    `<div class="note"><span>メールはこのメッセージを迷惑メールと判断しました。</span><span class="b">迷惑メールではない</span></div>`,
    `<div class="note"><span>このメッセージのリモートコンテンツは読み込まれていません。</span><span class="b">リモートコンテンツを読み込む</span></div>`,
    '',
  ][scene.variant % 3];
  const body = `<div class="side"><div class="lights" style="padding:0"><i style="background:#ff5f57"></i><i style="background:#febc2e"></i><i style="background:#28c840"></i></div>
  <h6>よく使う項目</h6><div class="on"><span>受信</span><small>${8 + scene.variant * 3}</small></div><div><span>送信済み</span></div><div><span>フラグ付き</span></div>
  <h6>iCloud</h6><div><span>受信</span><small>${8 + scene.variant * 3}</small></div><div><span>下書き</span></div><div><span>送信済み</span></div><div><span>迷惑メール</span><small>${scene.variant + 2}</small></div><div><span>ゴミ箱</span></div><div><span>アーカイブ</span></div></div>
  <div class="bar"><div class="t"><b>受信</b><small>${40 + scene.variant * 11}件のメッセージ、${8 + scene.variant * 3}件が未開封</small></div>${[P_MAIL, P_REPLY, P_ARCHIVE, P_TRASH, P_FLAG].map((d) => ICON(sub, d, 20)).join('')}<span class="sp"></span>${ICON(sub, P_SEARCH, 18)}</div>
  <div class="list">${rows}</div>
  <div class="view"><div class="mh"><div class="av">${initial(scene)}</div><div class="who"><div class="s">${from}</div><div class="s">${subjectHtml(scene)}</div><div class="to">宛先:  ${scene.variant % 2 ? recipientName(scene) : recipientAddress(scene)}</div></div><div class="when">${dateText(scene)}</div></div>
  ${note}<div class="body">${bodyHtml(scene)}</div></div>`;
  return desktopPage(scene, css, body);
}

/**
 * Thunderbird 115 on Windows: a tab strip with the window buttons, the unified toolbar, the
 * spaces bar, a folder pane headed by the account's address (the user's own, so sensitive), a
 * thread table over the message pane, a junk, scam or remote-content bar and the status bar.
 */
export function thunderbirdWin(scene: Scene): string {
  const dark = scene.theme === 'dark';
  const f = baseSize(scene, true);
  const fg = dark ? '#fbfbfe' : '#18181b';
  const sub = dark ? '#a1a1aa' : '#52525b';
  const line = dark ? '#3f3f46' : '#d4d4d8';
  const blue = dark ? '#3b82f6' : '#0060df';
  const labelled = scene.variant % 2 === 1;
  const css = `
  body{background:${dark ? '#18181b' : '#fff'};color:${fg};display:flex;flex-direction:column;font-size:${f}px}
  .tabs{display:flex;align-items:flex-end;height:36px;background:${dark ? '#09090b' : '#e4e4e7'};padding:0 0 0 8px}
  .tab{background:${dark ? '#27272a' : '#fafafa'};border-radius:6px 6px 0 0;padding:6px 14px;display:flex;gap:10px;align-items:center;font-size:${f - 1}px}
  .tabs .sp{flex:1}
  .win{display:flex;align-self:stretch}
  .win span{width:46px;display:flex;align-items:center;justify-content:center;font-size:14px}
  .tools{display:flex;align-items:center;gap:14px;padding:6px 12px;background:${dark ? '#27272a' : '#fafafa'};border-bottom:1px solid ${line}}
  .tools .new{background:${blue};color:#fff;border-radius:4px;padding:5px 14px}
  .tools .search{flex:0 1 460px;border:1px solid ${line};border-radius:4px;padding:4px 10px;color:${sub};margin-left:auto}
  .main{flex:1;display:flex;min-height:0}
  .spaces{width:44px;background:${dark ? '#09090b' : '#e4e4e7'};display:flex;flex-direction:column;align-items:center;gap:16px;padding-top:12px}
  .spaces i{width:20px;height:20px;border-radius:4px;background:${dark ? '#52525b' : '#a1a1aa'};display:block}
  .folders{width:220px;border-right:1px solid ${line};padding:8px 6px;background:${dark ? '#1f1f23' : '#f4f4f5'}}
  .folders div{padding:3px 8px;border-radius:4px;display:flex;justify-content:space-between;gap:6px}
  .folders .acct{font-weight:700;overflow-wrap:anywhere}
  .folders .on{background:${dark ? '#3f3f46' : '#dbeafe'}}
  .right{flex:1;display:flex;flex-direction:column;min-width:0}
  table{width:100%;border-collapse:collapse;font-size:${f - 1}px;table-layout:fixed}
  th{text-align:left;font-weight:400;color:${sub};border-bottom:1px solid ${line};padding:3px 8px}
  td{padding:3px 8px;white-space:nowrap;overflow:hidden}
  tr.on td{background:${blue};color:#fff}
  .msg{border-top:1px solid ${line};padding:12px 18px;flex:1;overflow:hidden}
  .hrow{display:flex;gap:10px;align-items:center}
  .hrow .lbl{color:${sub};width:3.5em;flex:none;text-align:right}
  .btns{margin-left:auto;display:flex;gap:6px}
  .btns span{border:1px solid ${line};border-radius:4px;padding:1px 9px;font-size:${f - 2}px;white-space:nowrap}
  .subj{font-weight:700;font-size:${f + 2}px}
  .bar{margin:10px 0 0;padding:6px 12px;border-radius:4px;display:flex;gap:12px;align-items:center;font-size:${f - 1}px}
  .bar span.b{margin-left:auto;border:1px solid currentColor;border-radius:4px;padding:0 10px;white-space:nowrap}
  .body{margin-top:14px;line-height:1.5;max-width:${620 + scene.variant * 40}px}
  .body p{margin-bottom:${Math.round(f * 0.8)}px}
  .lnk{color:${dark ? '#60a5fa' : blue}}
  .status{position:fixed;left:0;right:0;bottom:0;display:flex;justify-content:flex-end;gap:22px;padding:3px 16px;font-size:${f - 2}px;color:${sub};background:${dark ? '#09090b' : '#e4e4e7'};border-top:1px solid ${line}}`;
  const unread = 3 + scene.variant;
  const total = 120 + scene.variant * 17;
  const rows = listRows(scene)
    // Clipped to fit the columns at the narrowest window: text hidden by overflow would still be in the runs.
    .map((row) => `<tr class="${row.selected ? 'on' : ''}"><td>${row.selected ? '●' : ''}</td><td>${esc(clip(row.subject, 24))}</td><td>${esc(clip(row.who, 12))}</td><td>${esc(row.when)}</td></tr>`)
    .join('');
  const bars = [
    { text: 'Thunderbird はこのメッセージを迷惑メールと判断しました。', button: '迷惑メールではない', color: dark ? '#fbbf24;background:#3b2f0b' : '#854d0e;background:#fef3c7' },
    { text: 'Thunderbird はこのメッセージを詐欺メールの可能性があると判断しました。', button: '詐欺メールではない', color: dark ? '#fca5a5;background:#3f1212' : '#991b1b;background:#fee2e2' },
    { text: 'プライバシー保護のため、このメッセージ内のリモートコンテンツをブロックしました。', button: '設定', color: dark ? '#d4d4d8;background:#27272a' : '#3f3f46;background:#f4f4f5' },
  ];
  const bar = bars[scene.variant % 3]!;
  const from = showsFrom(scene) ? `<b>${esc(scene.lure.fromName)}</b> &lt;${fromAddress(scene)}&gt;` : `<b>${esc(scene.lure.fromName)}</b>`;
  // Thunderbird labels the recipients always, the sender and subject only with "ラベルを表示" on.
  const label = (text: string) => (labelled ? `<span class="lbl">${text}</span>` : '');
  const body = `<div class="tabs"><div class="tab">${ICON(fg, P_MAIL, 16)}<span>受信トレイ</span><span style="color:${sub}">✕</span></div><span class="sp"></span><div class="win"><span>─</span><span>☐</span><span>✕</span></div></div>
  <div class="tools"><span class="new">✎ 新規メッセージ</span><span>⟳ 受信</span><span>${ICON(sub, P_FOLDER, 18)}</span><span class="search">${ICON(sub, P_SEARCH, 14)} 検索 &lt;Ctrl+K&gt;</span><span style="font-size:18px">☰</span></div>
  <div class="main"><div class="spaces"><i style="background:${blue}"></i><i></i><i></i><i></i><i></i></div>
  <div class="folders"><div class="acct">${recipientAddress(scene)}</div><div class="on"><span>受信トレイ</span><span>${unread}</span></div><div><span>下書き</span></div><div><span>送信済みトレイ</span></div><div><span>アーカイブ</span></div><div><span>迷惑メール</span><span>${scene.variant + 1}</span></div><div><span>ごみ箱</span></div><div><span>ローカルフォルダー</span></div></div>
  <div class="right"><table><colgroup><col style="width:28px"><col><col style="width:30%"><col style="width:90px"></colgroup><tr><th></th><th>件名</th><th>差出人</th><th>日時</th></tr>${rows}</table>
  <div class="msg"><div class="hrow">${label('差出人')}<span>${from}</span><span class="btns"><span>↩ 返信</span><span>↪ 転送</span><span>アーカイブ</span><span>迷惑マーク</span><span>削除</span><span>その他 ▾</span></span></div>
  <div class="hrow">${label('件名')}<span class="subj">${subjectHtml(scene)}</span><span style="margin-left:auto;color:${sub};white-space:nowrap">${dateText(scene)}</span></div>
  <div class="hrow"><span class="lbl">宛先</span><span>${scene.variant % 3 === 0 ? `${recipientName(scene)} &lt;${recipientAddress(scene)}&gt;` : recipientAddress(scene)}</span></div>
  <div class="bar" style="color:${bar.color}"><span>${bar.text}</span><span class="b">${bar.button}</span></div>
  <div class="body">${bodyHtml(scene)}</div></div></div></div>
  <div class="status" data-occluder><span>未読: ${unread}</span><span>合計: ${total}</span></div>`;
  return desktopPage(scene, css, body);
}

/**
 * Yahoo!メール in a desktop browser: sometimes the browser's tab strip and address bar above it,
 * the red Yahoo! JAPAN header with the user's name, folders, the reading pane's toolbar, subject,
 * Yahoo!'s spoofing warning, the sender and 宛先.
 */
export function yahooMailWeb(scene: Scene): string {
  const dark = scene.theme === 'dark';
  const f = baseSize(scene, true);
  const fg = dark ? '#e8e8e8' : '#222';
  const sub = dark ? '#a0a0a0' : '#666';
  const line = dark ? '#3a3a3a' : '#ddd';
  const red = '#ff0033';
  const browser = scene.variant % 2 === 0;
  const css = `
  body{background:${dark ? '#1a1a1a' : '#f5f5f5'};color:${fg};font-size:${f}px;display:flex;flex-direction:column}
  .chrome{background:${dark ? '#202124' : '#dee1e6'}}
  .chrome .tabs{display:flex;padding:8px 8px 0}
  .chrome .tab{background:${dark ? '#35363a' : '#fff'};border-radius:8px 8px 0 0;padding:6px 14px;width:220px;display:flex;justify-content:space-between;font-size:12px}
  .chrome .addr{background:${dark ? '#35363a' : '#fff'};padding:6px 10px;display:flex;gap:12px;align-items:center;font-size:13px;color:${sub}}
  .chrome .addr span.u{flex:1;background:${dark ? '#202124' : '#f1f3f4'};border-radius:16px;padding:4px 14px;color:${fg}}
  .yhdr{display:flex;align-items:center;gap:22px;padding:10px 20px;background:${dark ? '#222' : '#fff'};border-bottom:1px solid ${line}}
  .logo{font-weight:800;color:${red};font-size:20px;font-family:'DejaVu Sans',sans-serif;white-space:nowrap}
  .logo span{color:${fg};font-family:'Noto Sans CJK JP',sans-serif;font-weight:700;margin-left:6px}
  .search{flex:0 1 480px;border:1px solid ${line};border-radius:4px;padding:6px 12px;color:${sub};background:${dark ? '#2a2a2a' : '#fff'}}
  .user{margin-left:auto;color:${sub};white-space:nowrap}
  .main{flex:1;display:flex;min-height:0}
  .nav{width:190px;padding:14px 10px}
  .compose{background:${red};color:#fff;border-radius:4px;padding:9px;text-align:center;font-weight:700;margin-bottom:14px}
  .nav div.i{padding:4px 10px;display:flex;justify-content:space-between}
  .nav div.on{background:${dark ? '#333' : '#fde8ec'};font-weight:700;border-radius:4px}
  .nav small{color:${sub}}
  .read{flex:1;background:${dark ? '#222' : '#fff'};margin:10px 14px 0 0;border:1px solid ${line};border-radius:6px 6px 0 0;padding:12px 22px;overflow:hidden}
  .tools{display:flex;gap:18px;padding-bottom:10px;border-bottom:1px solid ${line};color:${sub};font-size:${f - 1}px}
  .subj{font-size:${f + 6}px;font-weight:700;margin:14px 0 10px;line-height:1.35}
  .warn{background:${dark ? '#3a2a16' : '#fff4e5'};color:${dark ? '#f0c27a' : '#8a5300'};border:1px solid ${dark ? '#5a4220' : '#f5c98a'};border-radius:4px;padding:7px 12px;font-size:${f - 1}px;margin-bottom:12px}
  .from{display:flex;gap:12px;align-items:flex-start}
  .av{width:38px;height:38px;border-radius:19px;background:${pick(scene.random, AVATAR_COLORS)};color:#fff;display:flex;align-items:center;justify-content:center;flex:none}
  .who{flex:1;line-height:1.5}
  .who div{color:${sub};font-size:${f - 1}px}
  .when{color:${sub};font-size:${f - 1}px;white-space:nowrap}
  .body{margin-top:16px;line-height:1.6;max-width:${640 + scene.variant * 40}px}
  .body p{margin-bottom:${Math.round(f * 0.8)}px}
  .lnk{color:${dark ? '#6ea8fe' : '#0033cc'}}`;
  const token = Array.from({ length: 12 }, () => pick(scene.random, Array.from('ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'))).join('');
  const chrome = browser
    ? `<div class="chrome"><div class="tabs"><div class="tab"><span>Yahoo!メール</span><span>✕</span></div></div><div class="addr"><span>←</span><span>→</span><span>⟳</span><span class="u">mail.yahoo.co.jp/u/pc/f/message/${token}</span><span>☆</span></div></div>`
    : '';
  const user = scene.variant % 3 === 2 ? '' : `<span class="user">ようこそ、${recipientName(scene)} さん</span>`;
  const from = showsFrom(scene) ? `<b>${esc(scene.lure.fromName)}</b> &lt;${fromAddress(scene)}&gt;` : `<b>${esc(scene.lure.fromName)}</b>`;
  const to = scene.variant % 2 ? recipientAddress(scene) : `${recipientName(scene)} 様`;
  const body = `${chrome}<div class="yhdr"><span class="logo">Yahoo! JAPAN<span>メール</span></span><span class="search">${ICON(sub, P_SEARCH, 16)} メールを検索</span>${user}</div>
  <div class="main"><div class="nav"><div class="compose">✎ メール作成</div>
  <div class="i on"><span>受信箱</span><small>${5 + scene.variant * 4}</small></div><div class="i"><span>下書き</span></div><div class="i"><span>送信済みメール</span></div><div class="i"><span>迷惑メール</span><small>${scene.variant + 3}</small></div><div class="i"><span>ゴミ箱</span></div><div class="i" style="margin-top:10px;color:${sub}"><span>フォルダー</span><span>＋</span></div></div>
  <div class="read"><div class="tools"><span>↩ 返信</span><span>全員に返信</span><span>↪ 転送</span><span>削除</span><span>迷惑メール報告</span><span>移動</span><span>…</span></div>
  <div class="subj">${subjectHtml(scene)}</div>
  ${scene.variant % 3 !== 1 ? '<div class="warn">⚠ このメールは送信元を確認できませんでした。なりすましメールの可能性があるため、リンクや添付ファイルを開かないでください。</div>' : ''}
  <div class="from"><div class="av">${initial(scene)}</div><div class="who">${from}<div>宛先：${to}</div></div><div class="when">${dateText(scene)}</div></div>
  <div class="body">${bodyHtml(scene)}</div></div></div>`;
  return desktopPage(scene, css, body);
}

/**
 * Gmail for iOS: the iOS status bar, Gmail's icon bar, the subject with its 受信トレイ chip and
 * star, the sender row with "To 自分" or the opened details (差出人 / 宛先 / 日付), Gmail's
 * "be careful with this message" card on some variants, and the 返信 / 全員に返信 / 転送 pills.
 */
export function gmailIos(scene: Scene): string {
  const dark = scene.theme === 'dark';
  const f = baseSize(scene, false);
  const fg = dark ? '#e3e3e3' : '#1f1f1f';
  const sub = dark ? '#c4c7c5' : '#444746';
  const css = `
  body{background:${dark ? '#131314' : '#fff'};color:${fg}}
  .bar{display:flex;align-items:center;gap:24px;padding:6px 16px 10px}
  .bar .sp{flex:1}
  .subj{padding:6px 16px 4px;font-size:${f + 6}px;line-height:1.3;display:flex;gap:10px;align-items:flex-start}
  .subj .t{flex:1}
  .chip{display:inline-block;font-size:${f - 4}px;background:${dark ? '#444746' : '#e9eef6'};color:${sub};border-radius:4px;padding:0 6px;margin-left:6px;vertical-align:middle}
  .warn{margin:10px 16px;border-radius:12px;padding:12px 14px;background:${dark ? '#5c1a14' : '#fce8e6'};color:${dark ? '#f2b8b5' : '#a50e0e'};font-size:${f - 2}px}
  .warn b{display:block;font-size:${f - 1}px;margin-bottom:4px}
  .warn .acts{margin-top:8px;display:flex;gap:20px;font-weight:700}
  .from{display:flex;gap:12px;padding:12px 16px;align-items:flex-start}
  .av{width:40px;height:40px;border-radius:20px;background:${pick(scene.random, AVATAR_COLORS)};color:#fff;display:flex;align-items:center;justify-content:center;font-size:18px;flex:none}
  .who{flex:1;min-width:0;font-size:${f}px}
  .who small{color:${sub};font-size:${f - 3}px;margin-left:6px}
  .who div{color:${sub};font-size:${f - 3}px}
  .det{margin:0 16px 0 68px;border:1px solid ${dark ? '#444746' : '#dadce0'};border-radius:10px;padding:8px 12px;font-size:${f - 3}px;color:${sub};line-height:1.65}
  .det span.lbl{display:inline-block;width:3.5em}
  .body{padding:14px 16px 90px;font-size:${f}px;line-height:1.55}
  .body p{margin-bottom:${Math.round(f * 0.8)}px}
  .lnk{color:${dark ? '#a8c7fa' : '#0b57d0'}}
  .reply{position:fixed;left:0;right:0;bottom:0;display:flex;gap:8px;padding:10px 12px 30px;background:${dark ? '#131314' : '#fff'}}
  .reply span{flex:1;border:1px solid ${dark ? '#8e918f' : '#747775'};border-radius:20px;padding:7px 4px;text-align:center;font-size:${f - 2}px;white-space:nowrap}`;
  const expanded = showsFrom(scene) && scene.variant % 2 === 0;
  const summary = showsFrom(scene) && !expanded ? `<div>${fromAddress(scene)}</div>` : '';
  const det = expanded
    ? `<div class="det"><div><span class="lbl">差出人</span>${fromAddress(scene)}</div><div><span class="lbl">宛先</span>${recipientAddress(scene)}</div><div><span class="lbl">日付</span>${dateText(scene)}</div></div>`
    : '';
  const warning =
    scene.variant % 3 === 2
      ? `<div class="warn"><b>このメールにはご注意ください</b>個人情報を盗むために使われた同様のメッセージと似ています。<div class="acts"><span>迷惑メールを報告</span><span>安全であることを確認</span></div></div>`
      : '';
  const body = `<div style="background:${dark ? '#131314' : '#fff'}">${iosStatusBar(scene, fg)}</div>
  <div class="bar">${ICON(fg, 'M15 4 7 12l8 8')}<span class="sp"></span>${ICON(fg, P_ARCHIVE)}${ICON(fg, P_TRASH)}${ICON(fg, P_MAIL)}<span style="font-size:20px">⋯</span></div>
  <div class="subj"><span class="t">${subjectHtml(scene)}<span class="chip">受信トレイ</span></span><span style="color:${sub};font-size:22px">☆</span></div>
  ${warning}
  <div class="from"><div class="av">${initial(scene)}</div><div class="who"><b>${esc(scene.lure.fromName)}</b><small>${scene.clock}</small>${summary}<div>To 自分 ${expanded ? '▴' : '▾'}</div></div>${ICON(fg, P_REPLY)}</div>${det}
  <div class="body">${bodyHtml(scene)}</div>
  <div class="reply" data-occluder><span>↩ 返信</span><span>↩ 全員に返信</span><span>↪ 転送</span></div>`;
  return page(scene, css, body);
}
