import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';

type PagerProps = {
  currentPage: number;
  totalPages: number;
  hasPrevPage: boolean;
  hasNextPage: boolean;
  onPageChange: (page: number) => void;
};

/** Previous / 'Page X of Y' / Next (docs/product.md, Pages); shown only when there is more than one page. */
export function Pager({ currentPage, totalPages, hasPrevPage, hasNextPage, onPageChange }: PagerProps) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pagination" className="flex items-center justify-center gap-3">
      <Button variant="outline" disabled={!hasPrevPage} onClick={() => onPageChange(currentPage - 1)}>
        <ChevronLeft aria-hidden="true" />
        Previous
      </Button>
      <p className="min-w-24 text-center text-sm font-medium" aria-live="polite">
        Page {currentPage} of {totalPages}
      </p>
      <Button variant="outline" disabled={!hasNextPage} onClick={() => onPageChange(currentPage + 1)}>
        Next
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
