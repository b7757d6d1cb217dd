import { mountRoot } from '../../components/app-root';
import { RegisterPage } from './register-page';

export function mount(container: HTMLElement): void {
  mountRoot(container, <RegisterPage />);
}
