import { zodResolver } from '@hookform/resolvers/zod';
import { Clock, TriangleAlert, UserX } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { PEOPLE_MSG, SUPPORT_DESCRIPTION_MAX } from '#shared/people.js';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { T, useT } from '@/lib/i18n';
import { getErrorMessage } from '@/lib/request';
import { useRequestDeletion } from '../api';
import { deletionFormSchema, REASON_MAX } from '../lib/settings-schemas';
import { DeleteAccountDialog } from './delete-account-dialog';
import { SettingsSection } from './settings-section';

type DeletionSectionProps = {
  markedForDeletion: boolean;
  username: string;
  /** The account was deleted here and now: the page signs this side out. */
  onAccountDeleted: () => void;
};

/**
 * Delete account: at once, with the password (DeleteAccountDialog), or by asking the admins (an
 * account_deletion support request), confirmed first.
 */
export function DeletionSection({ markedForDeletion, username, onAccountDeleted }: DeletionSectionProps) {
  const t = useT();
  const request = useRequestDeletion();
  const [confirming, setConfirming] = useState(false);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm({ resolver: zodResolver(deletionFormSchema), defaultValues: { reason: '' } });

  const onConfirm = () => {
    request.mutate(getValues('reason').trim(), {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: t('settings.deletion.requestedTitle'), description: t(PEOPLE_MSG.deletionRequested) });
      },
      onError: (error) => {
        setConfirming(false);
        toast({ variant: 'destructive', title: t('settings.deletion.requestFailed'), description: getErrorMessage(error) });
      },
    });
  };

  const reasonError = errors.reason?.message;
  // The schema's one rule says its limit: translated here with it.
  const reasonErrorText = reasonError === REASON_MAX ? t(REASON_MAX, { max: SUPPORT_DESCRIPTION_MAX }) : reasonError;

  return (
    <SettingsSection icon={UserX} tone="danger" title={t('settings.deletion.title')} description={t('settings.deletion.description')}>
      <div className="grid justify-items-start gap-3">
        <p className="text-sm text-pretty text-muted-foreground">{t('settings.deletion.yourself')}</p>
        <DeleteAccountDialog username={username} onDeleted={onAccountDeleted} />
      </div>

      <div className="grid gap-3 border-t border-border pt-5">
        <div className="grid gap-1">
          <h3 className="font-semibold">{t('settings.deletion.askAdmin')}</h3>
          <p className="text-sm text-pretty text-muted-foreground">{t('settings.deletion.askAdminText')}</p>
        </div>
        {markedForDeletion ? (
          <div role="status" className="flex items-start gap-3 rounded-xl bg-muted p-4">
            <Clock className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
            <div className="grid gap-1">
              <p className="font-semibold">{t('settings.deletion.requestedTitle')}</p>
              <p className="text-sm text-pretty text-muted-foreground">{t('settings.deletion.requestedText')}</p>
            </div>
          </div>
        ) : (
          <form noValidate className="grid gap-4" onSubmit={(event) => void handleSubmit(() => setConfirming(true))(event)}>
            <div className="grid gap-2">
              <Label htmlFor="settings-delete-reason">
                <T id="settings.deletion.reason" components={{ 0: <span className="font-normal text-muted-foreground" /> }} />
              </Label>
              <Textarea
                id="settings-delete-reason"
                className="min-h-24"
                maxLength={SUPPORT_DESCRIPTION_MAX}
                placeholder={t('settings.deletion.reasonPlaceholder')}
                aria-invalid={reasonError ? true : undefined}
                aria-describedby={reasonError ? 'settings-delete-reason-error' : undefined}
                {...register('reason')}
              />
              {reasonErrorText ? <FieldError id="settings-delete-reason-error">{reasonErrorText}</FieldError> : null}
            </div>
            <div>
              {/* Outlined: the red button above is the one way that deletes at once. */}
              {/* Long in Spanish: it wraps rather than widen the page on a phone. */}
              <Button type="submit" variant="outline" className="h-auto min-h-11 whitespace-normal py-2 text-left">
                <UserX aria-hidden="true" />
                {t('settings.deletion.request')}
              </Button>
            </div>
          </form>
        )}
      </div>

      <ConfirmDialog
        open={confirming}
        icon={<TriangleAlert className="size-5 shrink-0 text-danger-text" aria-hidden="true" />}
        title={t('settings.deletion.confirmTitle')}
        description={t('settings.deletion.confirmDescription')}
        confirmLabel={t('settings.deletion.request')}
        pending={request.isPending}
        onConfirm={onConfirm}
        onClose={() => setConfirming(false)}
      />
    </SettingsSection>
  );
}
