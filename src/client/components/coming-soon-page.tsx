import { Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';

type ComingSoonPageProps = {
  /** The page's real title (SPEC), shown as its heading and in the tab title. */
  title: string;
  /** Overrides the tab title when it differs from the heading. */
  documentTitle?: string;
  /** One friendly sentence about what the page will offer. */
  description: ReactNode;
  backHref?: string;
  backLabel?: string;
};

/** Placeholder for a screen that a later piece of work builds; keeps the route and title real. */
export function ComingSoonPage({
  title,
  documentTitle,
  description,
  backHref = '/',
  backLabel = 'Back to Home',
}: ComingSoonPageProps) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center py-10 text-center sm:py-16">
      <div className="mb-6 flex size-16 items-center justify-center rounded-2xl bg-primary-soft text-primary-soft-foreground">
        <Sparkles className="size-8" aria-hidden="true" />
      </div>
      <p className="mb-3 rounded-full border border-border bg-card px-3 py-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        Coming soon
      </p>
      <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg text-pretty text-muted-foreground">{description}</p>
      <p className="mt-2 text-pretty text-muted-foreground">
        We're putting the finishing touches on this page. Please check back soon!
      </p>
      <Button asChild variant="outline" className="mt-8">
        <Link href={backHref}>{backLabel}</Link>
      </Button>
    </section>
  );
}
