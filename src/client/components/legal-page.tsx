import { ArrowLeft, LayoutGrid } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Language, MessageId } from '#shared/i18n.js';
import { Button } from '@/components/ui/button';
import { currentLanguage, T, useT } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';

export type LegalSection = {
  /** The fragment the table of contents links to. */
  id: string;
  title: MessageId;
  body: ReactNode;
};

type LegalPageProps = {
  title: MessageId;
  /** ISO date (yyyy-mm-dd) of the last change. */
  lastUpdated: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
};

/** English keeps its US form ("November 22, 2026"); other languages their own ("22 de noviembre de 2026"). */
const DATE_LOCALE: Record<Language, string> = { en: 'en-US', es: 'es' };

function formatLegalDate(isoDate: string, language: Language): string {
  // A date-only ISO string is read as midnight UTC, and shown in UTC: the same day everywhere.
  return new Intl.DateTimeFormat(DATE_LOCALE[language], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(isoDate));
}

/** Paragraphs and lists inside a legal section: readable measure, comfortable spacing. */
const PROSE =
  'grid max-w-prose gap-3 leading-relaxed text-pretty [&_a]:font-medium [&_a]:text-link [&_a]:underline [&_a:hover]:no-underline [&_li]:pl-1 [&_strong]:font-semibold [&_ul]:grid [&_ul]:list-disc [&_ul]:gap-2 [&_ul]:pl-5';

/** The layout shared by the Terms of Service and the Privacy Policy. */
export function LegalPage({ title, lastUpdated, intro, sections }: LegalPageProps) {
  const t = useT();
  useDocumentTitle(t(title));
  return (
    <article className="mx-auto grid w-full max-w-3xl gap-8">
      <header className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{t(title)}</h1>
        <p className="text-sm text-muted-foreground">
          <T
            id="legal.page.lastUpdated"
            values={{ date: formatLegalDate(lastUpdated, currentLanguage()) }}
            components={{ 0: <time dateTime={lastUpdated} /> }}
          />
        </p>
        <div className={`${PROSE} mt-2 text-lg text-muted-foreground`}>{intro}</div>
      </header>

      <nav aria-labelledby="legal-contents-heading" className="rounded-card border border-border bg-card p-5 shadow-sm sm:p-6">
        <h2 id="legal-contents-heading" className="text-base font-semibold">
          {t('legal.page.contents')}
        </h2>
        <ol className="mt-3 grid gap-1 sm:grid-cols-2 sm:gap-x-6">
          {sections.map((section, index) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="inline-flex min-h-11 items-center gap-2 rounded-lg px-1 font-medium text-link underline-offset-4 hover:underline"
              >
                <span className="w-5 shrink-0 text-right tabular-nums text-muted-foreground">{index + 1}.</span>
                {t(section.title)}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {sections.map((section, index) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="grid scroll-mt-24 gap-3">
          <h2 id={`${section.id}-heading`} className="text-xl font-semibold tracking-tight sm:text-2xl">
            {index + 1}. {t(section.title)}
          </h2>
          <div className={PROSE}>{section.body}</div>
        </section>
      ))}

      <footer className="flex flex-col gap-3 border-t border-border pt-6 sm:flex-row">
        <Button asChild>
          <Link href="/auth">
            <ArrowLeft aria-hidden="true" />
            {t('legal.page.returnToLogin')}
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/browse">
            <LayoutGrid aria-hidden="true" />
            {t('legal.page.browseItems')}
          </Link>
        </Button>
      </footer>
    </article>
  );
}
