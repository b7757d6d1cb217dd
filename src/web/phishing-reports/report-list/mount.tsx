import { mountRoot } from '../../components/app-root';
import { landOnAnchor } from '../land-on-anchor';
import { ReportList } from './report-list';

export function mount(container: HTMLElement): void {
  mountRoot(container, <ReportList />);
  landOnAnchor();
}
