import { createBrowserRouter, RouterProvider } from 'react-router';
import { mountRoot } from '../components/app-root';
import { operatorRoutes } from './operator-routes';

/** The operator console (issue 13): one single-page app behind every /operator/* host page. */
export function mount(container: HTMLElement): void {
  mountRoot(container, <RouterProvider router={createBrowserRouter(operatorRoutes)} />);
}
