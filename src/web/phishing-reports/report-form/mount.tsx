import { mountRoot } from '../../components/app-root';
import { landOnAnchor } from '../land-on-anchor';
import { ReportForm } from './report-form';

export function mount(container: HTMLElement): void {
  mountRoot(container, <ReportForm />);
  landOnAnchor();
}
