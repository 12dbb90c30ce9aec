import { type ReactNode, useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { PRODUCT_NAME } from '#shared/constants.js';
import { NavBar } from './nav-bar';
import { OfflineBanner, UpdatePrompt } from './pwa/pwa-notices';
import { useT } from '@/lib/i18n';

function SiteFooter() {
  const t = useT();
  return (
    <footer className="border-t border-border bg-card">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-2 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:px-6">
        <p>
          © {new Date().getFullYear()} {PRODUCT_NAME}.
        </p>
        <ul className="flex items-center gap-2">
          <li>
            <Link
              href="/terms-of-service"
              className="inline-flex min-h-11 items-center px-2 underline-offset-4 hover:text-foreground hover:underline"
            >
              {t('core.nav.terms')}
            </Link>
          </li>
          <li>
            <Link
              href="/privacy-policy"
              className="inline-flex min-h-11 items-center px-2 underline-offset-4 hover:text-foreground hover:underline"
            >
              {t('core.nav.privacy')}
            </Link>
          </li>
        </ul>
      </div>
    </footer>
  );
}

/** The frame of every page: skip link, navigation bar, the page in <main>, footer. */
export function AppLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const t = useT();

  // A new page starts at the top, as with a full page load.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only rounded-lg bg-primary font-semibold text-primary-foreground shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[200] focus:px-4 focus:py-3"
      >
        {t('core.nav.skipToContent')}
      </a>
      <NavBar />
      <OfflineBanner />
      <UpdatePrompt />
      {/* At least the height of the screen below the header: while a page or its data loads, the
          footer waits below the fold instead of being pushed down in view (layout shift). */}
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto min-h-[calc(100dvh-4rem-1px)] w-full max-w-6xl flex-1 px-4 py-8 outline-none sm:px-6 sm:py-10"
      >
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
