import type { ItemDetail } from '../../../../shared/items.js';
import { Badge } from '@/components/ui/badge';

const STATUS = {
  available: { label: 'Available', variant: 'success' },
  promised: { label: 'Promised', variant: 'default' },
  taken: { label: 'Taken', variant: 'neutral' },
  expired: { label: 'Expired', variant: 'warning' },
} as const;

/** available green, promised in the primary tint, taken grey, expired amber. */
export function ItemStatusBadge({ status }: { status: ItemDetail['status'] }) {
  const { label, variant } = STATUS[status] ?? STATUS.available;
  return (
    <Badge variant={variant} className="px-3 py-1 text-sm">
      <span className="sr-only">Status: </span>
      {label}
    </Badge>
  );
}
