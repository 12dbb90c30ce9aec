// Loaded with the first press of a Report button (Radix Dialog, react-hook-form and zod).
import { zodResolver } from '@hookform/resolvers/zod';
import { Flag } from 'lucide-react';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { REPORT_REASONS } from '#shared/constants.js';
import { REPORT_DETAILS_MAX, REPORT_MSG, REPORT_REASON_LABELS, type ReportFormValues, reportFormSchema } from '#shared/reports.js';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogCloseButton, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { T, useT } from '@/lib/i18n';
import { getErrorMessage } from '@/lib/request';
import { cn } from '@/lib/utils';
import { type ReportTarget, useCreateReport } from '../api';

type ReportDialogProps = {
  target: ReportTarget;
  subject: string;
  onClose: () => void;
  /** The Report button: focus goes back to it when the dialog closes. */
  returnFocusTo: HTMLElement | null;
};

/** Why is this reported: one reason (radio buttons) and optional details; the answer shows in the dialog. */
/** Which words the dialog uses for a target. */
function kindOf(target: ReportTarget): keyof typeof TITLES {
  if ('itemId' in target) return 'Item';
  if ('messageId' in target) return 'Message';
  if ('noShowItemId' in target) return 'NoShow';
  return 'User';
}

const TITLES = {
  Item: 'reports.dialog.titleItem',
  User: 'reports.dialog.titleUser',
  Message: 'reports.dialog.titleMessage',
  NoShow: 'reports.dialog.titleNoShow',
} as const;
const DESCRIPTIONS = {
  Item: 'reports.dialog.descriptionItem',
  User: 'reports.dialog.descriptionUser',
  Message: 'reports.dialog.descriptionMessage',
  NoShow: 'reports.dialog.descriptionNoShow',
} as const;

export function ReportDialog({ target, subject, onClose, returnFocusTo }: ReportDialogProps) {
  const t = useT();
  const id = useId();
  const create = useCreateReport();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<ReportFormValues>({ resolver: zodResolver(reportFormSchema), defaultValues: { details: '' } });
  const kind = kindOf(target);
  const reason = useWatch({ control, name: 'reason' });
  const details = useWatch({ control, name: 'details' }) ?? '';
  const detailsNeeded = reason === 'other';

  const onSubmit = handleSubmit((values) => {
    create.mutate(
      { ...target, reason: values.reason, details: values.details },
      {
        onSuccess: () => {
          toast({ title: t(REPORT_MSG.sent), description: t(REPORT_MSG.sentDescription) });
          onClose();
        },
      },
    );
  });

  const reasonError = errors.reason?.message;
  const detailsError = errors.details?.message;
  const ids = {
    reasonError: `${id}-reason-error`,
    details: `${id}-details`,
    detailsHint: `${id}-details-hint`,
    detailsError: `${id}-details-error`,
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !create.isPending) onClose();
      }}
    >
      <DialogContent returnFocusTo={returnFocusTo} className="max-w-lg gap-5">
        <div className="grid gap-1.5 pr-10">
          <DialogTitle className="flex items-center gap-2 text-lg font-semibold tracking-tight">
            <Flag className="size-5 shrink-0 text-danger-text" aria-hidden="true" />
            {t(TITLES[kind])}
          </DialogTitle>
          <DialogDescription className="text-sm text-pretty break-words text-muted-foreground">
            <T id={DESCRIPTIONS[kind]} values={{ subject }} components={{ 0: <span className="font-medium text-foreground" /> }} />
          </DialogDescription>
        </div>

        <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-5">
          <fieldset className="grid gap-2" aria-describedby={reasonError ? ids.reasonError : undefined}>
            <legend className="mb-2 text-sm font-medium">{t('reports.dialog.reason')}</legend>
            {REPORT_REASONS.map((value) => (
              <label
                key={value}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-input px-3 py-2 text-sm transition-colors hover:bg-accent',
                  'has-checked:border-primary has-checked:bg-primary-soft has-checked:text-primary-soft-foreground',
                  'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring',
                )}
              >
                <input
                  type="radio"
                  value={value}
                  className="size-4 shrink-0 accent-primary focus-visible:outline-none"
                  {...register('reason')}
                />
                {t(REPORT_REASON_LABELS[value])}
              </label>
            ))}
            {reasonError ? <FieldError id={ids.reasonError}>{reasonError}</FieldError> : null}
          </fieldset>

          <div className="grid gap-2">
            <Label htmlFor={ids.details}>
              {t('reports.dialog.details')}{' '}
              <span className="font-normal text-muted-foreground">
                {detailsNeeded ? t('reports.dialog.required') : t('reports.dialog.optional')}
              </span>
            </Label>
            <Textarea
              id={ids.details}
              rows={4}
              className="min-h-24"
              maxLength={REPORT_DETAILS_MAX}
              placeholder={detailsNeeded ? t('reports.dialog.placeholderRequired') : t('reports.dialog.placeholderOptional')}
              aria-invalid={detailsError ? true : undefined}
              aria-describedby={detailsError ? ids.detailsError : ids.detailsHint}
              {...register('details')}
            />
            {detailsError ? (
              <FieldError id={ids.detailsError}>{detailsError}</FieldError>
            ) : (
              <p id={ids.detailsHint} className="text-sm text-muted-foreground">
                {detailsNeeded ? `${t('reports.dialog.detailsMin')} ` : ''}
                {details.length}/{REPORT_DETAILS_MAX}
              </p>
            )}
          </div>

          {create.isError ? (
            <p
              role="alert"
              className="rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm font-medium text-danger-text"
            >
              {getErrorMessage(create.error)}
            </p>
          ) : null}

          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline" disabled={create.isPending}>
                {t('reports.dialog.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={create.isPending} aria-busy={create.isPending}>
              {create.isPending ? <Spinner /> : <Flag aria-hidden="true" />}
              {t('reports.dialog.send')}
            </Button>
          </div>
        </form>

        <DialogCloseButton disabled={create.isPending} />
      </DialogContent>
    </Dialog>
  );
}
