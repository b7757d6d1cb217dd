import type { FormEvent, Ref } from 'react';
import { INDIVIDUAL_FORM_IDS } from '../../../common/individual-registration-form';
import { INDIVIDUAL_SCHEDULE, individualPaths, type IndividualRegistrationField } from '../../../common/individual-training';
import { PRIVACY_PATH, TERMS_PATH } from '../../../common/legal-paths';
import { individualUiText as t, type UiTextSegment } from '../../../common/messages';
import { AlertBox } from '../../components/alert-box';
import { SubmitButton } from '../../components/submit-button';
import type { RegistrationFeedback } from './registration-feedback';

/*
 * The same markup, classes and ids as the server's form (individual-pages.ts), so the page does
 * not move when this replaces it. SPEC §2.4: no client-side checks, hence noValidate and no
 * `required`; the server says what is wrong.
 */

export type RegistrationFormProps = {
  email: string;
  termsAgreed: boolean;
  privacyAgreed: boolean;
  /** Kept in the form as the server's copy has it; the JSON call sends it as a header instead. */
  csrfToken: string;
  /** INDIVIDUAL_SKIP_HOLIDAYS as the server page says it (data-skip-holidays). */
  skipHolidays?: boolean;
  feedback: RegistrationFeedback;
  busy: boolean;
  generalRef?: Ref<HTMLDivElement>;
  onEmailChange: (email: string) => void;
  onAgreementChange: (field: 'terms_agreed' | 'privacy_agreed', agreed: boolean) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
};

function FieldErrors({ field, messages }: { field: IndividualRegistrationField; messages: string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <div id={INDIVIDUAL_FORM_IDS.error(field)} className="individual-form__errors">
      {messages.map((message, index) => (
        <p key={index} className="field__error" role="alert">
          {message}
        </p>
      ))}
    </div>
  );
}

function Segments({ segments }: { segments: readonly UiTextSegment[] }) {
  return segments.map((segment, index) =>
    typeof segment === 'string' ? (
      segment
    ) : (
      <a key={index} href={segment.href}>
        {segment.text}
      </a>
    ),
  );
}

function Agreement({
  field,
  href,
  linkText,
  checked,
  messages,
  onChange,
}: {
  field: 'terms_agreed' | 'privacy_agreed';
  href: string;
  linkText: string;
  checked: boolean;
  messages: string[] | undefined;
  onChange: (agreed: boolean) => void;
}) {
  const invalid = Boolean(messages?.length);
  return (
    <div className={invalid ? 'reg-agree field--invalid' : 'reg-agree'}>
      <label className="checkbox">
        <input
          type="checkbox"
          id={INDIVIDUAL_FORM_IDS.field(field)}
          name={field}
          value="1"
          checked={checked}
          onChange={(event) => onChange(event.currentTarget.checked)}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? INDIVIDUAL_FORM_IDS.error(field) : undefined}
        />
        <span>
          <a href={href} target="_blank" rel="noopener noreferrer">
            {linkText}
            <span className="visually-hidden">{t.newTab}</span>
          </a>
          {t.agreeSuffix}
        </span>
      </label>
      <FieldErrors field={field} messages={messages} />
    </div>
  );
}

/** The two info boxes (SPEC §2.4): when the mails come, and what to know before registering. */
function InfoBoxes({ skipHolidays }: { skipHolidays: boolean }) {
  const schedule = [t.scheduleFirst, t.scheduleLater(INDIVIDUAL_SCHEDULE.startHour, INDIVIDUAL_SCHEDULE.endHour, skipHolidays), t.scheduleUnannounced];
  return (
    <>
      <section className="individual-info individual-info--schedule" aria-labelledby="individual-schedule-title">
        <h3 id="individual-schedule-title" className="individual-info__title">
          {t.scheduleTitle}
        </h3>
        <ul className="individual-info__list">
          {schedule.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>
      <section className="individual-info individual-info--caution" aria-labelledby="individual-caution-title">
        <h3 id="individual-caution-title" className="individual-info__title">
          {t.cautionTitle}
        </h3>
        <ul className="individual-info__list">
          {t.cautions.map((item, index) => (
            <li key={index}>
              <Segments segments={item} />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

export function RegistrationForm({
  email,
  termsAgreed,
  privacyAgreed,
  csrfToken,
  skipHolidays = true,
  feedback,
  busy,
  generalRef,
  onEmailChange,
  onAgreementChange,
  onSubmit,
}: RegistrationFormProps) {
  const { fields, general } = feedback;
  const emailInvalid = Boolean(fields.email?.length);
  const describedBy = [INDIVIDUAL_FORM_IDS.emailHint, emailInvalid ? INDIVIDUAL_FORM_IDS.error('email') : null].filter(Boolean).join(' ');
  return (
    <form className="card individual-form" method="post" action={individualPaths.registration} noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
      <input type="hidden" name="_csrf" value={csrfToken} />
      <fieldset className="reg-form__fieldset" disabled={busy}>
        <h2 className="individual-form__title">{t.formTitle}</h2>
        {general.length > 0 && (
          <AlertBox ref={generalRef} tone="error" title={t.errorTitle}>
            <ul className="individual-form__error-list">
              {general.map((message, index) => (
                <li key={index}>{message}</li>
              ))}
            </ul>
          </AlertBox>
        )}
        <div className={emailInvalid ? 'field field--invalid' : 'field'}>
          <label className="field__label" htmlFor={INDIVIDUAL_FORM_IDS.field('email')}>
            {t.emailLabel}
            <span className="badge badge--required">{t.requiredBadge}</span>
          </label>
          <p id={INDIVIDUAL_FORM_IDS.emailHint} className="field__hint">
            {t.emailHint}
          </p>
          <input
            id={INDIVIDUAL_FORM_IDS.field('email')}
            className="input"
            type="email"
            name="email"
            value={email}
            onChange={(event) => onEmailChange(event.currentTarget.value)}
            autoComplete="email"
            inputMode="email"
            placeholder={t.emailPlaceholder}
            aria-describedby={describedBy}
            aria-invalid={emailInvalid ? true : undefined}
          />
          <FieldErrors field="email" messages={fields.email} />
        </div>
        <InfoBoxes skipHolidays={skipHolidays} />
        <div className="reg-agreements">
          <p className="reg-agreements__title">{t.agreementsTitle}</p>
          <Agreement
            field="terms_agreed"
            href={TERMS_PATH}
            linkText={t.termsLink}
            checked={termsAgreed}
            messages={fields.terms_agreed}
            onChange={(agreed) => onAgreementChange('terms_agreed', agreed)}
          />
          <Agreement
            field="privacy_agreed"
            href={PRIVACY_PATH}
            linkText={t.privacyLink}
            checked={privacyAgreed}
            messages={fields.privacy_agreed}
            onChange={(agreed) => onAgreementChange('privacy_agreed', agreed)}
          />
        </div>
        <SubmitButton busy={busy} label={t.submitButton} busyLabel={t.submitting} />
      </fieldset>
    </form>
  );
}
