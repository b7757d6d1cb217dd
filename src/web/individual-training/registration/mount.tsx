import { mountRoot } from '../../components/app-root';
import { initialRegistrationState, type LiveForm } from './initial-state';
import { RegistrationApp } from './registration-app';

function readLiveForm(container: HTMLElement): LiveForm {
  const input = (name: string) => container.querySelector<HTMLInputElement>(`input[name="${name}"]`) ?? undefined;
  return {
    email: input('email')?.value,
    termsAgreed: input('terms_agreed')?.checked,
    privacyAgreed: input('privacy_agreed')?.checked,
    csrfToken: input('_csrf')?.value,
  };
}

export function mount(container: HTMLElement): void {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
  const initial = initialRegistrationState({ errors: container.dataset.errors, email: container.dataset.email }, readLiveForm(container), meta);
  mountRoot(container, <RegistrationApp initial={initial} skipHolidays={container.dataset.skipHolidays !== '0'} />);
}
