import { Flag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { ReportTarget } from '../api';

// The dialog carries Radix Dialog, the form library and zod: loaded with the first press.
const loadReportDialog = () => import('./report-dialog');
const ReportDialog = lazy(async () => ({ default: (await loadReportDialog()).ReportDialog }));

type ReportButtonProps = {
  target: ReportTarget;
  /** The button's text: 'Report' on an item, 'Report user' on a profile. */
  label: string;
  /** What is reported, for the dialog's title ('Report “Oak chair”'). */
  subject: string;
  /** Only the flag, with `label` as its name (beside a message). */
  iconOnly?: boolean;
  className?: string;
};

/**
 * A quiet 'Report' button that opens the report dialog. The page shows it only to signed-in people
 * who are not the owner (or the person) themselves.
 */
export function ReportButton({ target, label, subject, iconOnly = false, className }: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  // The button (kept by a callback ref) gets the focus back when the dialog closes.
  const [button, setButton] = useState<HTMLButtonElement | null>(null);
  return (
    <>
      <Button
        ref={setButton}
        variant="ghost"
        size={iconOnly ? 'icon' : 'sm'}
        aria-label={iconOnly ? label : undefined}
        title={iconOnly ? label : undefined}
        className={cn(iconOnly ? 'size-8 text-muted-foreground' : '-ml-3 justify-self-start text-muted-foreground', className)}
        onPointerEnter={() => void loadReportDialog()}
        onFocus={() => void loadReportDialog()}
        onClick={() => setOpen(true)}
      >
        <Flag aria-hidden="true" />
        {iconOnly ? null : label}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog target={target} subject={subject} onClose={() => setOpen(false)} returnFocusTo={button} />
        </Suspense>
      ) : null}
    </>
  );
}
