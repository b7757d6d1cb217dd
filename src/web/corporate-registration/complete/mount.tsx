import { mountRoot } from '../../components/app-root';
import { CompletePage } from './complete-page';

export function mount(container: HTMLElement): void {
  const email = container.dataset.email?.trim() ?? '';
  const organizationName = container.dataset.organizationName?.trim() ?? '';
  mountRoot(container, <CompletePage email={email} organizationName={organizationName} />);
}
