import { createBrowserRouter, RouterProvider } from 'react-router';
import { mountRoot } from '../components/app-root';
import { routes } from './routes';

export function mount(container: HTMLElement): void {
  const router = createBrowserRouter(routes);
  mountRoot(container, <RouterProvider router={router} />);
}
