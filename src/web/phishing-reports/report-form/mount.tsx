import { mountRoot } from '../../components/app-root';
import { ReportForm } from './report-form';

export function mount(container: HTMLElement): void {
  mountRoot(container, <ReportForm />);
}
