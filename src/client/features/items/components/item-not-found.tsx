import { PackageX } from 'lucide-react';
import { Link } from 'wouter';
import { PageMessage } from '@/components/page-message';
import { Button } from '@/components/ui/button';

/** Missing item or failed fetch (docs/product.md, Pages, Item detail). */
export function ItemNotFound() {
  return (
    <PageMessage
      icon={PackageX}
      title="Item Not Found"
      actions={
        <Button asChild variant="outline">
          <Link href="/">Back to Home</Link>
        </Button>
      }
    >
      The item you're looking for could not be found or has been removed.
    </PageMessage>
  );
}
