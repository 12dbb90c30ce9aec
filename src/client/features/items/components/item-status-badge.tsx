import { ITEM_STATUS_LABEL } from '#shared/item-format.js';
import type { ItemDetail } from '#shared/items.js';
import { Badge } from '@/components/ui/badge';
import { useT } from '@/lib/i18n';

const VARIANT = { available: 'success', promised: 'default', taken: 'neutral', expired: 'warning' } as const;

/** available green, promised in the primary tint, given (taken) grey, expired amber. */
export function ItemStatusBadge({ status }: { status: ItemDetail['status'] }) {
  const known = status in VARIANT ? status : 'available';
  const t = useT();
  const label = t(ITEM_STATUS_LABEL[known]);
  const variant = VARIANT[known];
  return (
    <Badge variant={variant} className="px-3 py-1 text-sm">
      <span className="sr-only">{t('core.item.statusPrefix')}</span>
      {label}
    </Badge>
  );
}
