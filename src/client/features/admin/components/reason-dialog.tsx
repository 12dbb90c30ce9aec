import { type ReactNode, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { MODERATION_REASON_MAX, SUSPENSION_DAYS_MAX } from '#shared/moderation.js';
import { useT } from '@/lib/i18n';

type ReasonDialogProps = {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  /** Left out: the dialog's own 'Delete'. */
  confirmLabel?: ReactNode;
  pending: boolean;
  /** Also asks for how many days, or permanently (a suspension). */
  withDays?: boolean;
  onClose: () => void;
  onConfirm: (reason: string, days: number | 'permanent') => void;
  returnFocusRef?: React.RefObject<HTMLElement | null>;
};

/**
 * A moderation action's confirmation: the reason is required (at most MODERATION_REASON_MAX
 * characters); the person is told it. A suspension also asks for its length in days, or to have
 * none (permanent, until an admin lifts it).
 */
export function ReasonDialog({
  open,
  title,
  description,
  confirmLabel,
  pending,
  withDays = false,
  onClose,
  onConfirm,
  returnFocusRef,
}: ReasonDialogProps) {
  const t = useT();
  const formId = useId();
  const reasonId = useId();
  const daysId = useId();
  const permanentId = useId();
  const errorId = useId();
  const [reason, setReason] = useState('');
  const [days, setDays] = useState('7');
  const [permanent, setPermanent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const close = () => {
    setReason('');
    setPermanent(false);
    setError(null);
    onClose();
  };
  return (
    <ConfirmDialog
      open={open}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      pending={pending}
      formId={formId}
      onClose={close}
      returnFocusRef={returnFocusRef}
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        field.current?.focus();
      }}
    >
      <form
        id={formId}
        className="grid gap-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const text = reason.trim();
          const n = Number(days);
          if (!text) return setError(t('admin.moderation.reasonRequired'));
          if (withDays && !permanent && !(Number.isInteger(n) && n >= 1 && n <= SUSPENSION_DAYS_MAX))
            return setError(t('admin.moderation.daysInvalid'));
          setError(null);
          onConfirm(text, withDays && permanent ? 'permanent' : n);
          setReason('');
          setPermanent(false);
        }}
      >
        <label htmlFor={reasonId} className="text-sm font-medium">
          {t('admin.moderation.reason')}
        </label>
        <Textarea
          ref={field}
          id={reasonId}
          value={reason}
          maxLength={MODERATION_REASON_MAX}
          required
          rows={3}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
        {withDays ? (
          <>
            <label htmlFor={daysId} className="text-sm font-medium">
              {t('admin.moderation.days')}
            </label>
            <Input
              id={daysId}
              type="number"
              inputMode="numeric"
              min={1}
              max={SUSPENSION_DAYS_MAX}
              value={days}
              disabled={permanent}
              onChange={(event) => setDays(event.target.value)}
            />
            <div className="flex items-center gap-2">
              <Checkbox id={permanentId} checked={permanent} onCheckedChange={(checked) => setPermanent(checked === true)} />
              <label htmlFor={permanentId} className="text-sm font-medium">
                {t('admin.moderation.permanent')}
              </label>
            </div>
          </>
        ) : null}
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-danger-text">
            {error}
          </p>
        ) : null}
      </form>
    </ConfirmDialog>
  );
}
