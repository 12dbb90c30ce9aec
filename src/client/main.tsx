import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as zodConfig } from 'zod/v4/core';
import { AppLayout } from '@/app/layout';
import { AppProviders } from '@/app/providers';
import { AppRouter } from '@/app/router';

// zod compiles object schemas with new Function() when it can, and its probe for that is an eval
// the Content-Security-Policy (no 'unsafe-eval') refuses and reports. Interpreted parsing is fast
// enough for forms.
zodConfig({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <AppLayout>
        <AppRouter />
      </AppLayout>
    </AppProviders>
  </StrictMode>,
);
