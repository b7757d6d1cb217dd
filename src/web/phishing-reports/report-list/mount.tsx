import { mountRoot } from '../../components/app-root';
import { ReportList } from './report-list';

export function mount(container: HTMLElement): void {
  mountRoot(container, <ReportList />);
}
