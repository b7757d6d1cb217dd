import { firstErrorTarget, INDIVIDUAL_FORM_IDS, type RegistrationErrors, splitRegistrationErrors } from '../../../common/individual-registration-form';
import { INDIVIDUAL_SCHEDULE, individualMessages, individualPaths, type IndividualRegistrationField } from '../../../common/individual-training.schema';
import { PRIVACY_PATH, TERMS_PATH } from '../../../common/legal-paths';
import { individualUiText as t, type UiTextSegment } from '../../../common/messages';
import { html, type SafeHtml } from '../../lib/html';
import { TERMS_OUTLINE } from '../pages/terms.content';

/**
 * The server-rendered bodies of the individual training pages (SPEC §2.4, §2.9): registration,
 * its complete page and the unsubscribe pages. Pure: the routes wrap them in the host page.
 * Every page works without JavaScript; the registration form is the one React takes over
 * (src/web/individual-training/registration), with the same markup so nothing moves on mount.
 */

/** The lazily imported web module the registration container mounts (preloaded beside the entry). */
export const INDIVIDUAL_PAGE_MODULES = {
  registration: ['src/web/individual-training/registration/mount.tsx'],
};

const SITE = 'キヅキ';

/** Titles and descriptions of the host pages around these bodies. */
export const INDIVIDUAL_PAGE_META = {
  registration: {
    title: `個人向けフィッシング対策訓練（無料）｜${SITE}`,
    description:
      'ご自身のメールアドレスを登録すると、本物そっくりの訓練用フィッシングメールが月に1回ほど届きます。フィッシング詐欺に「気づく」力を、無料で、広告なしで身につけられる個人向けセキュリティ訓練です。',
  },
  complete: {
    title: `訓練メールの登録を受け付けました｜${SITE}`,
    description: '個人向けフィッシング対策訓練の登録を受け付けました。このあとの流れと、配信の停止方法をご案内します。',
  },
  unsubscribe: {
    title: `訓練メールの配信停止｜${SITE}`,
    description: '個人向けフィッシング対策訓練の訓練メールの配信を停止します。',
  },
  unsubscribeDone: {
    title: `訓練メールの配信を停止しました｜${SITE}`,
    description: '個人向けフィッシング対策訓練の訓練メールの配信を停止しました。',
  },
  unsubscribeInvalid: {
    title: `配信停止リンクが無効です｜${SITE}`,
    description: individualMessages.unsubscribeNotFound,
  },
} as const;

/**
 * `ta***@example.jp`: enough for the owner to recognise the address, never more than half of the
 * part before the @ (at most two characters), so a forwarded link does not reveal whose it is.
 */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = Array.from(address.slice(0, at));
  const shown = local.slice(0, Math.min(2, Math.floor(local.length / 2))).join('');
  return `${shown}***${address.slice(at)}`;
}

const NEW_TAB = html`<span class="visually-hidden">${t.newTab}</span>`;

function renderSegments(segments: readonly UiTextSegment[]): SafeHtml {
  return html`${segments.map((segment) => (typeof segment === 'string' ? segment : html`<a href="${segment.href}">${segment.text}</a>`))}`;
}

function fieldErrors(field: IndividualRegistrationField, messages: string[] | undefined): SafeHtml | '' {
  if (!messages?.length) return '';
  return html`<div id="${INDIVIDUAL_FORM_IDS.error(field)}" class="individual-form__errors">${messages.map(
    (message) => html`<p class="field__error" role="alert">${message}</p>`,
  )}</div>`;
}

function agreement(field: 'terms_agreed' | 'privacy_agreed', href: string, linkText: string, checked: boolean, errors: string[] | undefined, autofocus: boolean): SafeHtml {
  const invalid = Boolean(errors?.length);
  return html`<div class="reg-agree${invalid ? ' field--invalid' : ''}">
<label class="checkbox"><input type="checkbox" id="${INDIVIDUAL_FORM_IDS.field(field)}" name="${field}" value="1"${checked ? html` checked` : ''}${
    invalid ? html` aria-invalid="true" aria-describedby="${INDIVIDUAL_FORM_IDS.error(field)}"` : ''
  }${autofocus ? html` autofocus` : ''}><span><a href="${href}" target="_blank" rel="noopener noreferrer">${linkText}${NEW_TAB}</a>${t.agreeSuffix}</span></label>
${fieldErrors(field, errors)}
</div>`;
}

/** The two info boxes of the form (SPEC §2.4): when the mails come, and what to know first. */
function infoBoxes(skipHolidays: boolean): SafeHtml {
  const schedule = [t.scheduleFirst, t.scheduleLater(INDIVIDUAL_SCHEDULE.startHour, INDIVIDUAL_SCHEDULE.endHour, skipHolidays), t.scheduleUnannounced];
  return html`<section class="individual-info individual-info--schedule" aria-labelledby="individual-schedule-title">
<h3 id="individual-schedule-title" class="individual-info__title">${t.scheduleTitle}</h3>
<ul class="individual-info__list">${schedule.map((item) => html`<li>${item}</li>`)}</ul>
</section>
<section class="individual-info individual-info--caution" aria-labelledby="individual-caution-title">
<h3 id="individual-caution-title" class="individual-info__title">${t.cautionTitle}</h3>
<ul class="individual-info__list">${t.cautions.map((item) => html`<li>${renderSegments(item)}</li>`)}</ul>
</section>`;
}

export interface RegistrationPageInput {
  email: string;
  /** A 422's errors, by field; keys other than the three fields go in the general list. */
  errors: RegistrationErrors;
  csrfToken: string;
  /** Kept ticked when the form comes back with errors (a plain form post without JavaScript). */
  termsAgreed?: boolean;
  privacyAgreed?: boolean;
  /** INDIVIDUAL_SKIP_HOLIDAYS, so the page promises only what the schedule keeps (default on). */
  skipHolidays?: boolean;
}

/**
 * /phishing-training: the intro and the container with a complete form that posts without
 * JavaScript. React reads data-errors and data-email, and renders the same form over it.
 */
export function registrationPageBody({ email, errors, csrfToken, termsAgreed = false, privacyAgreed = false, skipHolidays = true }: RegistrationPageInput): SafeHtml {
  const split = splitRegistrationErrors(errors);
  const { fields, general } = split;
  // Without JavaScript the page comes back after a post; the first error takes focus.
  const firstInvalid = firstErrorTarget(split);
  const emailInvalid = Boolean(fields.email);
  const describedBy = [INDIVIDUAL_FORM_IDS.emailHint, emailInvalid ? INDIVIDUAL_FORM_IDS.error('email') : null].filter(Boolean).join(' ');
  return html`<div class="individual-page">
<div class="page-intro individual-page__intro">
<h1 class="page-intro__title">個人向けセキュリティ訓練<span class="page-intro__sub">無料・広告なし</span></h1>
<p class="page-intro__lead">ご自身のメールアドレスを登録すると、本物のフィッシングメールそっくりの訓練メールが、月に1回ほど届きます。うっかりリンクを開いても被害はありません。その場で、見分けるためのポイントを確かめられます。</p>
</div>
<div id="phishing-training-registration-app" class="individual-registration" data-errors="${JSON.stringify(errors)}" data-email="${email}" data-skip-holidays="${skipHolidays ? '1' : '0'}">
<form class="card individual-form" method="post" action="${individualPaths.registration}" novalidate>
<input type="hidden" name="_csrf" value="${csrfToken}">
<fieldset class="reg-form__fieldset">
<h2 class="individual-form__title">${t.formTitle}</h2>
${general.length > 0 ? html`<div class="alert alert--error" role="alert" tabindex="-1"${firstInvalid === 'general' ? html` autofocus` : ''}>
<span class="alert__icon" aria-hidden="true">!</span>
<div class="alert__text"><p class="alert__title">${t.errorTitle}</p><div class="alert__body"><ul class="individual-form__error-list">${general.map((message) => html`<li>${message}</li>`)}</ul></div></div>
</div>` : ''}
<div class="field${emailInvalid ? ' field--invalid' : ''}">
<label class="field__label" for="${INDIVIDUAL_FORM_IDS.field('email')}">${t.emailLabel}<span class="badge badge--required">${t.requiredBadge}</span></label>
<p id="${INDIVIDUAL_FORM_IDS.emailHint}" class="field__hint">${t.emailHint}</p>
<input id="${INDIVIDUAL_FORM_IDS.field('email')}" class="input" type="email" name="email" value="${email}" autocomplete="email" inputmode="email" placeholder="${t.emailPlaceholder}" aria-describedby="${describedBy}"${
    emailInvalid ? html` aria-invalid="true"` : ''
  }${firstInvalid === 'email' ? html` autofocus` : ''}>
${fieldErrors('email', fields.email)}
</div>
${infoBoxes(skipHolidays)}
<div class="reg-agreements">
<p class="reg-agreements__title">${t.agreementsTitle}</p>
${agreement('terms_agreed', TERMS_PATH, t.termsLink, termsAgreed, fields.terms_agreed, firstInvalid === 'terms_agreed')}
${agreement('privacy_agreed', PRIVACY_PATH, t.privacyLink, privacyAgreed, fields.privacy_agreed, firstInvalid === 'privacy_agreed')}
</div>
<button type="submit" class="button button--primary button--large submit-button">${t.submitButton}</button>
</fieldset>
</form>
</div>
</div>`;
}

/** /registration/complete: what happens next, how to stop, and where to go from here. */
export function registrationCompleteBody({ skipHolidays = true }: { skipHolidays?: boolean } = {}): SafeHtml {
  const { startHour, endHour } = INDIVIDUAL_SCHEDULE;
  return html`<div class="individual-page">
<div class="page-intro individual-page__intro">
<p class="individual-page__eyebrow">個人向けセキュリティ訓練</p>
<h1 class="page-intro__title">登録を受け付けました</h1>
<p class="page-intro__lead">${individualMessages.registered}</p>
</div>
<div class="card individual-card">
<section class="individual-section" aria-labelledby="individual-next-title">
<h2 id="individual-next-title" class="individual-section__title">このあとの流れ</h2>
<ol class="individual-steps">
<li class="individual-steps__item"><p class="individual-steps__title">1通目の訓練メールが届きます</p>
<p>1分ほどで、登録したメールアドレスに1通目が届きます。しばらくたっても届かないときは、迷惑メールフォルダもご確認ください。</p></li>
<li class="individual-steps__item"><p class="individual-steps__title">2通目からは月に1回ほど</p>
<p>平日の${startHour}時〜${endHour}時（日本時間）のどこかで、予告なく届きます。${skipHolidays ? '土日・祝日' : '土日'}には届きません。</p></li>
<li class="individual-steps__item"><p class="individual-steps__title">リンクを開いてしまったら</p>
<p>訓練用のページが開き、そのメールのどこに気づけばよかったのかと、これまでの訓練の記録を確かめられます。入力した内容は、どこにも送信されません。</p></li>
</ol>
</section>
<section class="individual-section" aria-labelledby="individual-stop-title">
<h2 id="individual-stop-title" class="individual-section__title">配信を停止するには</h2>
<p>すべての訓練メールの末尾にある配信停止のリンクから、いつでも停止できます。メールアプリに表示される「配信停止」ボタンからも停止できます。</p>
</section>
<section class="individual-section" aria-labelledby="individual-report-title">
<h2 id="individual-report-title" class="individual-section__title">本物のフィッシングメールが届いたら</h2>
<p>訓練メールではない怪しいメールやSMSは、<a href="/phishing-reports">Kizuki DB</a>に匿名で報告できます。同じ手口の報告がないかも確かめられます。</p>
</section>
<p class="individual-card__back"><a href="${individualPaths.registration}">個人向けセキュリティ訓練のページへ戻る</a></p>
</div>
</div>`;
}

export interface UnsubscribeConfirmInput {
  /** Where the form posts (the same unsubscribe path). */
  actionUrl: string;
  /** The address as maskEmail shows it. */
  maskedEmail: string;
  csrfToken: string;
}

/** GET of an unsubscribe link: nothing stops until the button is pressed (mail scanners follow links). */
export function unsubscribeConfirmBody({ actionUrl, maskedEmail, csrfToken }: UnsubscribeConfirmInput): SafeHtml {
  return html`<div class="individual-page individual-page--narrow">
<div class="card individual-card individual-card--center">
<h1 class="individual-card__title">配信を停止しますか</h1>
<p><span class="individual-card__address">${maskedEmail}</span> への訓練メールの配信を停止します。</p>
<form method="post" action="${actionUrl}" class="individual-card__form">
<input type="hidden" name="_csrf" value="${csrfToken}">
<button type="submit" class="button button--primary button--large submit-button">配信を停止する</button>
</form>
<p class="individual-card__note">停止したあとも、いつでも登録し直せます。停止しない場合は、このページを閉じてください。</p>
</div>
</div>`;
}

/** After the stop: no more mail; one already on its way may still arrive. */
export function unsubscribeDoneBody({ registrationUrl }: { registrationUrl: string }): SafeHtml {
  return html`<div class="individual-page individual-page--narrow">
<div class="card individual-card individual-card--center">
<h1 class="individual-card__title">配信を停止しました</h1>
<p>これ以降、訓練メールはお送りしません。ご利用ありがとうございました。</p>
<p class="individual-card__note">停止の直前に送信を始めていたメールが、このあと1通届くことがあります。</p>
<p>訓練は、いつでも<a href="${registrationUrl}">登録し直して</a>再開できます。</p>
</div>
</div>`;
}

/** A link that names no registration (mistyped, cut off, or made up): calm, and what to do instead. */
export function unsubscribeInvalidBody(): SafeHtml {
  return html`<div class="individual-page individual-page--narrow">
<div class="card individual-card individual-card--center">
<h1 class="individual-card__title">配信停止リンクが無効です</h1>
<p>リンクが途中で切れているか、正しくない可能性があります。訓練メールの末尾にあるリンクをもう一度開くか、メールアプリに表示される「配信停止」ボタンをお使いください。</p>
<p class="individual-card__note">それでも停止できない場合は、<a href="${TERMS_PATH}#${TERMS_OUTLINE.anchor('notices')}">お問い合わせ窓口</a>までご連絡ください。</p>
<p><a href="/phishing-reports">Kizuki DB のトップへ</a></p>
</div>
</div>`;
}
