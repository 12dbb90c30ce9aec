import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppLayout } from '@/app/layout';
import { AppProviders } from '@/app/providers';
import { AppRouter } from '@/app/router';

// zod runs jitless under the CSP: vite.config.ts resolves `zod` to src/client/lib/zod-jitless.ts,
// so the setting comes with zod itself, and zod stays out of this first chunk.

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// The first render runs as a transition: React works on it in slices of a few milliseconds and
// lets the browser paint and answer input in between, instead of holding the main thread for the
// whole tree at once (which a slow phone feels as a frozen page). The painted shell of index.html
// stays until the app commits.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <AppLayout>
          <AppRouter />
        </AppLayout>
      </AppProviders>
    </StrictMode>,
  );
});
