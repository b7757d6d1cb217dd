import { mountRoot } from '../../components/app-root';
import { AccountInfoPage } from './account-info-page';

export function mount(container: HTMLElement): void {
  const token = container.dataset.token?.trim() ?? '';
  const email = container.dataset.email?.trim() ?? '';
  mountRoot(container, <AccountInfoPage token={token} initialEmail={email} />);
}
