import { type FormEvent, useEffect, useRef, useState } from 'react';
import { firstErrorTarget, INDIVIDUAL_FORM_IDS } from '../../../common/individual-registration-form';
import type { RegistrationInitialState } from './initial-state';
import { submitRegistration } from './registration-api';
import type { RegistrationFeedback } from './registration-feedback';
import { RegistrationForm } from './registration-form';

/** A new object per request, so asking twice for the same target still moves focus. */
type FocusRequest = { target: NonNullable<ReturnType<typeof firstErrorTarget>> };

const focusRequestFor = (feedback: RegistrationFeedback): FocusRequest | null => {
  const target = firstErrorTarget(feedback);
  return target ? { target } : null;
};

/**
 * The registration form once JavaScript runs (SPEC §2.4): sends JSON, shows the server's
 * messages, and goes to the complete page on success.
 */
export function RegistrationApp({ initial, skipHolidays = true }: { initial: RegistrationInitialState; skipHolidays?: boolean }) {
  const [email, setEmail] = useState(initial.email);
  const [agreed, setAgreed] = useState({ terms_agreed: initial.termsAgreed, privacy_agreed: initial.privacyAgreed });
  const [feedback, setFeedback] = useState(initial.feedback);
  const [busy, setBusy] = useState(false);
  // Errors the server page came back with keep the focus its autofocus gave them.
  const [focusRequest, setFocusRequest] = useState(() => focusRequestFor(initial.feedback));
  const generalRef = useRef<HTMLDivElement>(null);

  // Runs after the fieldset is enabled again: a disabled control cannot take focus.
  useEffect(() => {
    if (!focusRequest) return;
    const { target } = focusRequest;
    const element = target === 'general' ? generalRef.current : document.getElementById(INDIVIDUAL_FORM_IDS.field(target));
    element?.focus();
  }, [focusRequest]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    void submitRegistration({ email, termsAgreed: agreed.terms_agreed, privacyAgreed: agreed.privacy_agreed }).then((failure) => {
      // On success the browser is leaving for the complete page; the form stays locked until then.
      if (!failure) return;
      setFeedback(failure);
      setBusy(false);
      setFocusRequest(focusRequestFor(failure));
    });
  };

  return (
    <RegistrationForm
      email={email}
      termsAgreed={agreed.terms_agreed}
      privacyAgreed={agreed.privacy_agreed}
      csrfToken={initial.csrfToken}
      skipHolidays={skipHolidays}
      feedback={feedback}
      busy={busy}
      generalRef={generalRef}
      onEmailChange={setEmail}
      onAgreementChange={(field, value) => setAgreed((current) => ({ ...current, [field]: value }))}
      onSubmit={onSubmit}
    />
  );
}
