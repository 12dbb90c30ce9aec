import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n';

type PagerProps = {
  currentPage: number;
  totalPages: number;
  hasPrevPage: boolean;
  hasNextPage: boolean;
  onPageChange: (page: number) => void;
};

/** Previous / 'Page X of Y' / Next (docs/product.md, Pages); shown only when there is more than one page. */
export function Pager({ currentPage, totalPages, hasPrevPage, hasNextPage, onPageChange }: PagerProps) {
  const t = useT();
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={t('core.pager.label')} className="flex flex-wrap items-center justify-center gap-3">
      <Button variant="outline" disabled={!hasPrevPage} onClick={() => onPageChange(currentPage - 1)}>
        <ChevronLeft aria-hidden="true" />
        {t('core.pager.previous')}
      </Button>
      {/* A phone: 'Page X of Y' above the two buttons, which then fit side by side in any language. */}
      <p className="min-w-24 text-center text-sm font-medium max-sm:order-first max-sm:basis-full" aria-live="polite">
        {t('core.pager.page', { page: currentPage, pages: totalPages })}
      </p>
      <Button variant="outline" disabled={!hasNextPage} onClick={() => onPageChange(currentPage + 1)}>
        {t('core.pager.next')}
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
