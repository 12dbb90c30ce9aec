// First: zod's setting for the CSP, before any module builds a schema (see the module).
import '@/lib/zod-jitless';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppLayout } from '@/app/layout';
import { AppProviders } from '@/app/providers';
import { registerWorkerWhenIdle } from '@/app/pwa/schedule';
import { AppRouter } from '@/app/router';
import { LanguageProvider, startI18n } from '@/lib/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// The first render runs as a transition: React works on it in slices of a few milliseconds and
// lets the browser paint and answer input in between, instead of holding the main thread for the
// whole tree at once (which a slow phone feels as a frozen page). The painted shell of index.html
// stays until the app commits.
// The texts of the first page (the `core` bundle of the page's language, which the HTML preloads)
// come before the first render: no English flash before Spanish.
void startI18n().then(() =>
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <LanguageProvider>
          <AppProviders>
            <AppLayout>
              <AppRouter />
            </AppLayout>
          </AppProviders>
        </LanguageProvider>
      </StrictMode>,
    );
  }),
);

// The installable app's service worker, once the page has loaded (app/pwa/schedule.ts).
registerWorkerWhenIdle();
