import { zodResolver } from '@hookform/resolvers/zod';
import { Clock, TriangleAlert, UserX } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { PEOPLE_MSG, SUPPORT_DESCRIPTION_MAX } from '../../../../shared/people.js';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/request';
import { useRequestDeletion } from '../api';
import { deletionFormSchema } from '../lib/settings-schemas';
import { DeleteAccountDialog } from './delete-account-dialog';
import { SettingsSection } from './settings-section';

const REQUEST = 'Request account deletion';

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
        toast({ title: 'Deletion requested', description: PEOPLE_MSG.deletionRequested });
      },
      onError: (error) => {
        setConfirming(false);
        toast({ variant: 'destructive', title: 'Could not send your request', description: getErrorMessage(error) });
      },
    });
  };

  const reasonError = errors.reason?.message;

  return (
    <SettingsSection
      icon={UserX}
      tone="danger"
      title="Delete account"
      description="Your items and their photos, notes, messages and payment links go with it. This cannot be undone."
    >
      <div className="grid justify-items-start gap-3">
        <p className="text-sm text-pretty text-muted-foreground">
          Delete your account yourself, right now. You will be asked for your password.
        </p>
        <DeleteAccountDialog username={username} onDeleted={onAccountDeleted} />
      </div>

      <div className="grid gap-3 border-t border-border pt-5">
        <div className="grid gap-1">
          <h3 className="font-semibold">Or ask an admin</h3>
          <p className="text-sm text-pretty text-muted-foreground">An admin will delete your account for you.</p>
        </div>
        {markedForDeletion ? (
          <div role="status" className="flex items-start gap-3 rounded-xl bg-muted p-4">
            <Clock className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
            <div className="grid gap-1">
              <p className="font-semibold">Deletion requested</p>
              <p className="text-sm text-pretty text-muted-foreground">
                {PEOPLE_MSG.deletionRequested}. You can keep using the app until an admin deletes your account.
              </p>
            </div>
          </div>
        ) : (
          <form noValidate className="grid gap-4" onSubmit={(event) => void handleSubmit(() => setConfirming(true))(event)}>
            <div className="grid gap-2">
              <Label htmlFor="settings-delete-reason">
                Reason <span className="font-normal text-muted-foreground">(optional)</span>
              </Label>
              <Textarea
                id="settings-delete-reason"
                className="min-h-24"
                maxLength={SUPPORT_DESCRIPTION_MAX}
                placeholder="Tell us why you are leaving, if you like."
                aria-invalid={reasonError ? true : undefined}
                aria-describedby={reasonError ? 'settings-delete-reason-error' : undefined}
                {...register('reason')}
              />
              {reasonError ? <FieldError id="settings-delete-reason-error">{reasonError}</FieldError> : null}
            </div>
            <div>
              {/* Outlined: the red button above is the one way that deletes at once. */}
              <Button type="submit" variant="outline">
                <UserX aria-hidden="true" />
                {REQUEST}
              </Button>
            </div>
          </form>
        )}
      </div>

      <ConfirmDialog
        open={confirming}
        icon={<TriangleAlert className="size-5 shrink-0 text-danger-text" aria-hidden="true" />}
        title="Delete your account?"
        description="An admin will permanently delete your account, your items, notes and payment links. This cannot be undone."
        confirmLabel={REQUEST}
        pending={request.isPending}
        onConfirm={onConfirm}
        onClose={() => setConfirming(false)}
      />
    </SettingsSection>
  );
}
