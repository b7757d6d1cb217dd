import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClient } from '../lib/query-client';

/** Every page root shares the module-level QueryClient, so separate roots share one cache. */
export function mountRoot(container: HTMLElement, children: ReactNode): void {
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </StrictMode>,
  );
}
