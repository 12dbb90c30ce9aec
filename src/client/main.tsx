import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppLayout } from '@/app/layout';
import { AppProviders } from '@/app/providers';
import { AppRouter } from '@/app/router';

// zod runs jitless under the CSP: vite.config.ts resolves `zod` to src/client/lib/zod-jitless.ts,
// so the setting comes with zod itself, and zod stays out of this first chunk.

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
