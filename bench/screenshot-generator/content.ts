/**
 * Japanese phishing lures built from blocks, so that no two generated screenshots share a text,
 * a sender, a URL or a recipient. Every name, number, address and domain is fictitious: domains
 * end in .example, .test, .xyz or .top, numbers are random, names are drawn from common readings.
 *
 * A message is a list of paragraphs of segments; a segment is plain text or a sensitive item
 * (kind + text). The templates turn segments into HTML spans that the renderer measures.
 */

export type SensitiveKind = 'url' | 'email' | 'phone' | 'name' | 'address' | 'card';
export type Segment = string | { kind: SensitiveKind; text: string };
export type Paragraph = Segment[];

export type Random = () => number;

export const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
export const chance = (random: Random, probability: number): boolean => random() < probability;
export const between = (random: Random, min: number, max: number): number => min + Math.floor(random() * (max - min + 1));
export const digits = (random: Random, count: number): string => Array.from({ length: count }, () => String(between(random, 0, 9))).join('');
export const letters = (random: Random, count: number, alphabet = 'abcdefghijkmnpqrstuvwxyz23456789'): string =>
  Array.from({ length: count }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');

/** Half-width ASCII letters and digits to their full-width forms (ＵＲＬ, ０９０…). */
export function toFullWidth(text: string): string {
  return text.replace(/[!-~]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0));
}

// ---------------------------------------------------------------------------------------------
// People, places, numbers
// ---------------------------------------------------------------------------------------------

const SURNAMES = ['佐藤', '鈴木', '高橋', '田中', '伊藤', '渡辺', '山本', '中村', '小林', '加藤', '吉田', '山田', '佐々木', '山口', '松本', '井上', '木村', '林', '斎藤', '清水', '山崎', '森', '池田', '橋本', '阿部', '石川', '前田', '藤田', '小川', '岡田', '後藤', '長谷川', '村上', '近藤', '石井', '坂本', '遠藤', '青木', '藤井', '西村'];
const GIVEN = ['太郎', '花子', '健太', '美咲', '翔太', '陽菜', '大輔', '結衣', '直樹', '由美', '拓也', '恵', '和也', '真由美', '誠', '彩', '亮', '千尋', '浩二', '愛子', '達也', '裕子', '隆', '奈々', '修', '明美', '悠斗', '沙織', '智子', '博'];
const SURNAME_KANA = ['サトウ', 'スズキ', 'タカハシ', 'タナカ', 'イトウ', 'ワタナベ', 'ヤマモト', 'ナカムラ', 'コバヤシ', 'カトウ'];
const GIVEN_KANA = ['タロウ', 'ハナコ', 'ケンタ', 'ミサキ', 'ショウタ', 'ヒナ', 'ダイスケ', 'ユイ'];
const ROMAJI = ['sato', 'suzuki', 'takahashi', 'tanaka', 'ito', 'watanabe', 'yamamoto', 'nakamura', 'kobayashi', 'kato', 'yoshida', 'yamada', 'inoue', 'kimura', 'hayashi', 'shimizu', 'mori', 'ikeda', 'maeda', 'ogawa'];
const GIVEN_ROMAJI = ['taro', 'hanako', 'kenta', 'misaki', 'shota', 'hina', 'daisuke', 'yui', 'naoki', 'yumi', 'takuya', 'megumi', 'kazuya', 'makoto', 'aya', 'ryo'];

export interface Person {
  /** As written before 様 or in a To line. */
  name: string;
  email: string;
}

export function person(random: Random): Person {
  const katakana = chance(random, 0.15);
  const surname = katakana ? pick(random, SURNAME_KANA) : pick(random, SURNAMES);
  const given = katakana ? pick(random, GIVEN_KANA) : pick(random, GIVEN);
  const separator = pick(random, [' ', '　', '']);
  const local = pick(random, [
    () => `${pick(random, GIVEN_ROMAJI)}.${pick(random, ROMAJI)}${between(random, 1, 99)}`,
    () => `${pick(random, ROMAJI)}_${pick(random, GIVEN_ROMAJI).slice(0, 3)}${digits(random, 4)}`,
    () => `${pick(random, GIVEN_ROMAJI)[0]}-${pick(random, ROMAJI)}.${digits(random, 2)}`,
    () => `${letters(random, 3)}${pick(random, ROMAJI)}${digits(random, 3)}`,
  ])();
  const domain = pick(random, ['mail.example', 'docomo.example', 'ezweb.example', 'softbank.test', 'i.softbank.test', 'gmail.example', 'yahoo.test', 'icloud.example', 'outlook.test', 'au.example']);
  return { name: `${surname}${separator}${given}`, email: `${local}@${domain}` };
}

const PREFECTURES = [
  ['東京都', ['世田谷区桜丘', '杉並区阿佐谷南', '練馬区豊玉北', '江東区大島', '品川区西五反田', '足立区梅島']],
  ['神奈川県', ['横浜市港北区日吉', '川崎市中原区小杉町', '相模原市中央区相模原', '藤沢市鵠沼海岸']],
  ['大阪府', ['大阪市北区天神橋', '堺市堺区南花田口町', '豊中市本町', '吹田市千里山西']],
  ['愛知県', ['名古屋市千種区今池', '豊田市若宮町', '岡崎市康生通西']],
  ['福岡県', ['福岡市博多区博多駅前', '北九州市小倉北区京町', '久留米市日吉町']],
  ['北海道', ['札幌市中央区北三条西', '旭川市宮下通', '函館市本町']],
  ['埼玉県', ['さいたま市浦和区高砂', '川口市栄町', '所沢市日吉町']],
] as const;
const BUILDINGS = ['コーポ桜', 'メゾン緑ヶ丘', 'パークハイツ', 'グランレジデンス', 'サンハイム', 'ハイツ若葉', 'ライオンズマンション'];

export function postalAddress(random: Random): string {
  const [prefecture, towns] = pick(random, PREFECTURES);
  const building = chance(random, 0.6) ? ` ${pick(random, BUILDINGS)}${between(random, 1, 9)}0${between(random, 1, 9)}号室` : '';
  return `〒${digits(random, 3)}-${digits(random, 4)} ${prefecture}${pick(random, towns)}${between(random, 1, 5)}-${between(random, 1, 30)}-${between(random, 1, 20)}${building}`;
}

export type PhoneForm = 'hyphen' | 'plain' | 'intl-spaced' | 'intl-compact' | 'intl-plain';

/** A mobile number (090/080/070) in one of the forms phones display. */
export function mobileNumber(random: Random, form: PhoneForm): string {
  const prefix = pick(random, ['90', '80', '70']);
  const a = digits(random, 4);
  const b = digits(random, 4);
  switch (form) {
    case 'hyphen':
      return `0${prefix}-${a}-${b}`;
    case 'plain':
      return `0${prefix}${a}${b}`;
    case 'intl-spaced':
      return `+81 ${prefix}-${a}-${b}`;
    case 'intl-compact':
      return `+81${prefix}${a}${b}`;
    case 'intl-plain':
      return `+81 ${prefix} ${a} ${b}`;
  }
}

/** A number to call in a lure body: toll-free, IP phone or a city line. */
export function contactNumber(random: Random): string {
  return pick(random, [
    () => `0120-${digits(random, 3)}-${digits(random, 3)}`,
    () => `050-${digits(random, 4)}-${digits(random, 4)}`,
    () => `03-${digits(random, 4)}-${digits(random, 4)}`,
    () => `06-${digits(random, 4)}-${digits(random, 4)}`,
    () => `0570-${digits(random, 3)}-${digits(random, 3)}`,
  ])();
}

const TLDS = ['example', 'test', 'xyz', 'top'];
const PATH_WORDS = ['login', 'verify', 'account', 'redeliv', 'secure', 'update', 'confirm', 'member', 'auth', 'check', 'support', 'info', 'mypage', 'billing', 'track', 'notice', 'ja', 'jp', 'sp', 'index.html', 'portal'];

/** A lure URL: brand-looking host, a fictitious TLD, and a path of some length (long ones wrap). */
export function lureUrl(random: Random, hostWords: readonly string[], long: boolean): string {
  const word = pick(random, hostWords);
  const host = pick(random, [
    () => `${word}-${pick(random, ['jp', 'co-jp', 'info', 'secure', 'support', 'mypage'])}.${pick(random, TLDS)}`,
    () => `${word}.${letters(random, between(random, 4, 8))}.${pick(random, TLDS)}`,
    () => `${pick(random, ['www', 'sp', 'my', 'web', 'm'])}.${word}-${letters(random, 3)}.${pick(random, TLDS)}`,
    () => `${letters(random, between(random, 5, 9))}.${pick(random, TLDS)}`,
  ])();
  const scheme = chance(random, 0.2) ? 'http://' : 'https://';
  const segments = Array.from({ length: long ? between(random, 2, 4) : between(random, 0, 2) }, () => pick(random, PATH_WORDS));
  let path = segments.length > 0 ? `/${segments.join('/')}` : '';
  if (long || chance(random, 0.5)) {
    const key = pick(random, ['id', 'c', 'token', 'no', 'ref', 'session', 'u', 'key']);
    path += `${path === '' ? '/' : pick(random, ['/', ''])}?${key}=${letters(random, long ? between(random, 10, 24) : between(random, 5, 9), 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz0123456789')}`;
    if (long && chance(random, 0.5)) path += `&${pick(random, ['lang=ja', 'utm_source=sms', 'from=mail', 'v=2', 't=' + digits(random, 10)])}`;
  }
  return `${scheme}${host}${path}`;
}

// ---------------------------------------------------------------------------------------------
// Lures
// ---------------------------------------------------------------------------------------------

export interface Brand {
  category: string;
  name: string;
  hostWords: readonly string[];
  /** Local parts for the fake From address. */
  senders: readonly string[];
}

const BRANDS: readonly Brand[] = [
  { category: 'delivery', name: 'ヤマト運輸', hostWords: ['yamato-unyu', 'kuroneko', 'yamato-ex'], senders: ['info', 'no-reply', 'delivery'] },
  { category: 'delivery', name: '佐川急便', hostWords: ['sagawa-kyubin', 'sagawa-exp', 'sgw-deliv'], senders: ['info', 'support'] },
  { category: 'delivery', name: '日本郵便', hostWords: ['japanpost-jp', 'jp-yubin', 'post-redeliv'], senders: ['info', 'yubin-center'] },
  { category: 'bank', name: '三井住友銀行', hostWords: ['smbc-direct', 'smbc-bk', 'sumitomo-bank'], senders: ['info', 'security'] },
  { category: 'bank', name: 'みずほ銀行', hostWords: ['mizuho-direct', 'mizuhobank-jp'], senders: ['mizuho-info', 'notice'] },
  { category: 'bank', name: 'ゆうちょ銀行', hostWords: ['jp-bank', 'yucho-direct'], senders: ['yucho', 'direct'] },
  { category: 'bank', name: '三菱UFJ銀行', hostWords: ['mufg-direct', 'bk-mufg'], senders: ['mufg-info', 'security-center'] },
  { category: 'card', name: '三井住友カード', hostWords: ['smbc-card', 'vpass-jp'], senders: ['vpass', 'info'] },
  { category: 'card', name: '楽天カード', hostWords: ['rakuten-card', 'r-card-jp'], senders: ['info', 'rakuten-card'] },
  { category: 'card', name: 'JCBカード', hostWords: ['jcb-myjcb', 'myjcb-jp'], senders: ['myjcb', 'mail'] },
  { category: 'card', name: 'エポスカード', hostWords: ['eposcard-net', 'epos-jp'], senders: ['info', 'eposnet'] },
  { category: 'card', name: 'セゾンカード', hostWords: ['saison-netanswer', 'saison-card'], senders: ['netanswer', 'info'] },
  { category: 'carrier', name: 'NTTドコモ', hostWords: ['docomo-mydocomo', 'd-account', 'docomo-pay'], senders: ['mydocomo', 'info'] },
  { category: 'carrier', name: 'au', hostWords: ['au-kddi', 'auid-support', 'my-au'], senders: ['auid', 'info'] },
  { category: 'carrier', name: 'SoftBank', hostWords: ['softbank-mysb', 'sb-support'], senders: ['mysoftbank', 'info'] },
  { category: 'carrier', name: '楽天モバイル', hostWords: ['rakuten-mobile', 'r-mobile-jp'], senders: ['mobile', 'info'] },
  { category: 'ec', name: 'Amazon', hostWords: ['amazon-co-jp', 'amazn-jp', 'amaz0n-account'], senders: ['account-update', 'no-reply', 'auto-confirm'] },
  { category: 'ec', name: '楽天市場', hostWords: ['rakuten-ichiba', 'rakuten-jp'], senders: ['order', 'info'] },
  { category: 'ec', name: 'メルカリ', hostWords: ['mercari-jp', 'merpay-jp'], senders: ['no-reply', 'support'] },
  { category: 'ec', name: 'Yahoo!ショッピング', hostWords: ['yahoo-shopping', 'yshop-jp'], senders: ['shopping', 'info'] },
  { category: 'tax', name: '国税庁', hostWords: ['nta-go-jp', 'etax-nta', 'kokuzei-info'], senders: ['info', 'e-tax'] },
  { category: 'utility', name: '東京電力エナジーパートナー', hostWords: ['tepco-jp', 'tepco-mypage'], senders: ['kurashi', 'info'] },
  { category: 'utility', name: '東京ガス', hostWords: ['tokyo-gas', 'mytokyogas'], senders: ['info', 'mytokyogas'] },
  { category: 'utility', name: '水道局', hostWords: ['suido-kyoku', 'water-pay'], senders: ['suido', 'info'] },
  { category: 'other', name: 'Apple', hostWords: ['apple-id-jp', 'icloud-support'], senders: ['appleid', 'no_reply'] },
  { category: 'other', name: 'ETC利用照会サービス', hostWords: ['etc-meisai', 'etc-riyou'], senders: ['etc-info', 'service'] },
  { category: 'other', name: 'NHK', hostWords: ['nhk-jushin', 'nhk-pay'], senders: ['info', 'jushinryo'] },
];

/** Per category: what happened, and what the reader is asked to do. */
const PROBLEMS: Record<string, readonly string[]> = {
  delivery: [
    'お荷物のお届けに伺いましたが、ご不在でしたので持ち帰りました。',
    'お届け予定のお荷物について、宛先住所に不備がございます。',
    'お客様宛のお荷物をお預かりしておりますが、配送料金が未払いです。',
    'お荷物の保管期限が迫っております。',
    'お届け先が確認できないため、お荷物を一時保管しております。',
  ],
  bank: [
    'お客様の口座で不正な取引の可能性が検知されました。',
    'セキュリティ強化のため、お取引目的の確認が必要です。',
    'ダイレクトの利用が一時的に制限されています。',
    'ワンタイムパスワードの再設定が完了していません。',
  ],
  card: [
    'お客様のカードに不正利用の疑いがある取引を確認いたしました。',
    'ご利用代金のお支払いが確認できておりません。',
    'カードのご利用を一時的に制限させていただいております。',
    '本人認証サービスの登録情報の更新が必要です。',
  ],
  carrier: [
    'ご利用料金のお支払いが確認できません。',
    'お客様のアカウントに不審なログインがありました。',
    '貯まったポイントが本日失効いたします。',
    'ご契約内容の確認が必要です。',
  ],
  ec: [
    'お客様のアカウントで異常なログインが検出されました。',
    'ご注文の支払い方法に問題があり、発送を保留しております。',
    'お支払い情報の有効期限が切れています。',
    'プライム会員の更新手続きに失敗しました。',
  ],
  tax: [
    '所得税の納付が確認できておりません。',
    '未払いの税金があります。差押え予告のお知らせです。',
    '還付金の受け取り手続きが完了していません。',
  ],
  utility: [
    '今月分のご利用料金が未納となっております。',
    'お支払いが確認できないため、供給を停止する場合がございます。',
    'ポイント還元のお手続きが完了していません。',
  ],
  other: [
    'お客様のアカウントがロックされました。',
    'ご利用料金の未払いがあります。',
    '登録情報の確認が必要です。',
  ],
};

const ACTIONS = [
  '下記URLよりご確認ください。',
  '以下のリンクから手続きをお願いいたします。',
  '詳細は下記よりご確認ください。',
  'お手数ですが、こちらからご対応ください。',
  '下記URLから再配達のご依頼をお願いします。',
  '速やかに以下のURLよりログインし、情報を更新してください。',
  'ご本人様確認のため、下記URLへアクセスしてください。',
];
const ACTIONS_FULL_WIDTH = ['下記ＵＲＬよりご確認ください。', '以下のＵＲＬからお手続きください。', 'ＵＲＬ：'];
const DEADLINES = [
  '24時間以内にご対応がない場合、ご利用を停止いたします。',
  '本日中にお手続きください。',
  '期限までにご確認いただけない場合、アカウントは削除されます。',
  'ご対応いただけない場合、お荷物は返送されます。',
  '※本メールは送信専用です。',
  '期限：{date}',
];
const CLOSINGS = ['今後ともよろしくお願いいたします。', 'ご不便をおかけし申し訳ございません。', 'ご理解とご協力をお願い申し上げます。', '※このメールにお心当たりのない場合は破棄してください。'];

export const SUBJECT_TOPICS: Record<string, readonly string[]> = {
  delivery: ['お荷物のお届けについて', '再配達のご案内', 'お届け先住所の確認', '不在通知'],
  bank: ['重要なお知らせ', 'お取引目的等の確認のお願い', '【要対応】本人確認', 'ご利用制限のお知らせ'],
  card: ['ご利用確認のお願い', 'お支払い情報の更新', '【要対応】本人確認', 'カードご利用停止のお知らせ'],
  carrier: ['ご利用料金のお支払いについて', 'アカウント確認のお願い', 'ポイント失効のお知らせ'],
  ec: ['アカウント確認のお願い', 'お支払い方法の更新', 'ご注文の確認', '【要対応】本人確認'],
  tax: ['未納税金のお知らせ', '差押最終通知', '還付金のお知らせ'],
  utility: ['料金未納のお知らせ', '供給停止のご案内', 'ご利用料金のお支払いについて'],
  other: ['重要なお知らせ', 'アカウント確認のお願い', 'お支払い情報の更新'],
};

export interface Lure {
  brand: Brand;
  /** The fake From display name (brand) and address. */
  fromName: string;
  fromAddress: string;
  subject: string;
  /** Short SMS text, one paragraph (sometimes two bubbles). */
  sms: Paragraph[];
  /** E-mail body paragraphs. */
  email: Paragraph[];
  recipient: Person;
}

function date(random: Random, fullWidth: boolean): string {
  const text = `${between(random, 1, 12)}月${between(random, 1, 28)}日`;
  return fullWidth ? toFullWidth(text) : text;
}

function amount(random: Random, fullWidth: boolean): string {
  const yen = (between(random, 3, 980) * 10 + pick(random, [0, 0, 8])).toLocaleString('en');
  const text = pick(random, [`¥${yen}`, `${yen}円`, `￥${yen}`]);
  return fullWidth ? toFullWidth(text).replace('＼', '￥') : text;
}

/** Order, tracking and reservation numbers: not personal, but some look like phone numbers on purpose. */
function lookAlike(random: Random, fullWidth: boolean): string {
  const text = pick(random, [
    () => `注文番号：${digits(random, 3)}-${digits(random, 7)}-${digits(random, 7)}`,
    () => `お問い合わせ番号：${digits(random, 4)}-${digits(random, 4)}-${digits(random, 4)}`,
    () => `伝票番号 ${digits(random, 3)}-${digits(random, 4)}-${digits(random, 4)}`,
    () => `受付番号：${letters(random, 2, 'ABCDEFGHJKLMNPQRSTUVWXYZ')}${digits(random, 8)}`,
    () => `ご請求金額：${amount(random, false)}`,
    () => `お支払期限：2026年${date(random, false)}`,
    () => `ご利用日時：2026/${between(random, 10, 12)}/${String(between(random, 1, 28)).padStart(2, '0')} ${between(random, 8, 23)}:${String(between(random, 0, 59)).padStart(2, '0')}`,
    () => `お客様番号：${digits(random, 10)}`,
  ])();
  return fullWidth ? text.replace(/[0-9]/g, (d) => toFullWidth(d)) : text;
}

export interface LureOptions {
  /** Write digits, URL labels and amounts in full-width forms here and there. */
  mixedWidth: boolean;
  longUrl: boolean;
}

export function makeLure(random: Random, options: LureOptions): Lure {
  const brand = pick(random, BRANDS);
  const recipient = person(random);
  const fw = options.mixedWidth;
  const url = lureUrl(random, brand.hostWords, options.longUrl);
  const tag = pick(random, [`【${brand.name}】`, `[${brand.name}]`, `${brand.name}：`, `【${brand.name}】`]);
  const problem = pick(random, PROBLEMS[brand.category]!);
  const action = fw && chance(random, 0.6) ? pick(random, ACTIONS_FULL_WIDTH) : pick(random, ACTIONS);
  const deadline = pick(random, DEADLINES).replace('{date}', date(random, fw));
  const withName = chance(random, 0.3);

  // SMS: short, one or two bubbles.
  const smsFirst: Paragraph = [];
  if (withName) smsFirst.push({ kind: 'name', text: recipient.name }, '様 ');
  smsFirst.push(`${tag}${problem}${action}`);
  const sms: Paragraph[] = [];
  if (chance(random, 0.25)) {
    sms.push(smsFirst, [{ kind: 'url', text: url }]);
  } else {
    sms.push([...smsFirst, chance(random, 0.5) ? ' ' : '', { kind: 'url', text: url }]);
  }
  if (chance(random, 0.3)) sms[sms.length - 1]!.push(chance(random, 0.5) ? ` ${deadline}` : ` ${lookAlike(random, fw)}`);
  if (chance(random, 0.12)) sms.push(['お問い合わせ：', { kind: 'phone', text: fw ? toFullWidth(contactNumber(random)).replace(/－/g, '－') : contactNumber(random) }]);

  // E-mail: greeting with the name, problem, details, URL, deadline, signature.
  const email: Paragraph[] = [];
  const greeting: Paragraph = chance(random, 0.8) ? [{ kind: 'name', text: recipient.name }, pick(random, [' 様', '様', ' 様'])] : ['お客様各位'];
  email.push(greeting);
  email.push([pick(random, [`いつも${brand.name}をご利用いただき、誠にありがとうございます。`, `${brand.name}をご利用いただきありがとうございます。`, `平素より${brand.name}をご愛顧いただき、ありがとうございます。`])]);
  email.push([problem, pick(random, ['', 'お客様の安全のため、', '誠に恐れ入りますが、']), action]);
  email.push([{ kind: 'url', text: url }]);
  const details: Paragraph = [];
  details.push(lookAlike(random, fw));
  if (chance(random, 0.5)) details.push('\n', lookAlike(random, fw));
  if (brand.category === 'card' || chance(random, 0.15)) {
    const last = digits(random, 4);
    details.push('\n', pick(random, ['カード番号：', 'ご利用カード：', 'カード末尾：']), {
      kind: 'card',
      text: pick(random, [`****-****-****-${last}`, `**** **** **** ${last}`, `************${last}`, `XXXX-XXXX-XXXX-${last}`]),
    });
  }
  if (brand.category === 'delivery' || brand.category === 'ec' || chance(random, 0.15)) {
    details.push('\n', pick(random, ['お届け先：', 'ご登録住所：', '配送先：']), { kind: 'address', text: postalAddress(random) });
  }
  if (chance(random, 0.3)) details.push('\n', '宛名：', { kind: 'name', text: recipient.name }, ' 様');
  email.push(details);
  email.push([deadline]);
  if (chance(random, 0.35)) {
    const phone = contactNumber(random);
    email.push([pick(random, ['お問い合わせ窓口：', 'カスタマーセンター ', 'お電話でのお問い合わせ：']), { kind: 'phone', text: fw ? toFullWidth(phone) : phone }, pick(random, ['', '（9:00〜18:00）', '（平日 10:00〜17:00）'])]);
  }
  if (chance(random, 0.3)) email.push(['ご登録のメールアドレス：', { kind: 'email', text: recipient.email }]);
  email.push([pick(random, CLOSINGS)]);
  email.push([`${brand.name}${pick(random, ['', ' カスタマーサービス', ' お客様センター', ' 事務局'])}`]);

  const subject = pick(random, [
    `【${brand.name}】${pick(random, SUBJECT_TOPICS[brand.category] ?? SUBJECT_TOPICS.other!)}`,
    `${pick(random, ['【重要】', '【緊急】', '[注意]', '【要返信】', ''])}${brand.name}${pick(random, ['からのお知らせ', '：お客様情報の確認', '：ご利用停止のお知らせ', '：未払い料金のお知らせ'])}`,
    `${pick(random, ['【重要】', ''])}${problem.replace(/。$/, '')}`,
  ]);
  const fromAddress = `${pick(random, brand.senders)}${chance(random, 0.3) ? digits(random, 2) : ''}@${pick(random, [`${pick(random, brand.hostWords)}.${pick(random, TLDS)}`, `mail.${pick(random, brand.hostWords)}.${pick(random, TLDS)}`, `${letters(random, 6)}.${pick(random, TLDS)}`])}`;
  return { brand, fromName: pick(random, [brand.name, `${brand.name}カスタマーセンター`, brand.name, `${brand.name}事務局`]), fromAddress, subject: fw && chance(random, 0.4) ? subject.replace(/[0-9A-Za-z]/g, (c) => toFullWidth(c)) : subject, sms, email, recipient };
}

/** Benign texts for chrome around the lure (other notifications, list rows): never personal. */
export const BENIGN_NOTIFICATIONS: ReadonlyArray<readonly [string, string]> = [
  ['天気', '明日は晴れ時々くもり、最高気温18℃の予報です。'],
  ['カレンダー', '15:00 打ち合わせ（会議室B）'],
  ['ニュース', '新型スマートフォンの発売日が発表されました'],
  ['ヘルスケア', '今日の歩数が目標の8,000歩に到達しました'],
  ['リマインダー', '牛乳を買う'],
  ['写真', '1年前の思い出をふり返ってみましょう'],
  ['ショッピング', 'タイムセールが始まりました。最大30%OFF'],
  ['乗換案内', '○○線は平常通り運転しています'],
];
