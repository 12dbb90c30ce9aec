import { BadgeCheck, ShieldAlert, Trash2 } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { type fieldOf, PasswordField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import type { Translate } from '@/lib/i18n';
import { getErrorMessage } from '@/lib/request';
import { PEOPLE_MSG } from '#shared/people.js';
import { PasswordConfirmDialog } from './password-confirm-dialog';

type ContactRowProps = {
  /** The number or address as stored. */
  value: string;
  verified: boolean;
  texts: {
    verified: string;
    notVerified: string;
    /** The remove button's and its dialog's confirm label. */
    remove: string;
    removeTitle: string;
    removeDescription: string;
    /** The toast once removed. */
    removed: string;
  };
  username: string;
  /** Id of the remove dialog: unique on the page. */
  id: string;
  pending: boolean;
  /** Removes it with the typed password; rejects with the server's refusal. */
  onRemove: (password: string) => Promise<unknown>;
};

/** A way to reach the person (phone number, e-mail address): shown with its verified state, and removed with the password. */
export function ContactRow({ value, verified, texts, username, id, pending, onRemove }: ContactRowProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="flex min-w-0 flex-wrap items-center gap-2">
        <span className="font-mono break-all">{value}</span>
        {verified ? (
          <Badge variant="success">
            <BadgeCheck className="size-3.5" aria-hidden="true" />
            {texts.verified}
          </Badge>
        ) : (
          <Badge variant="warning">
            <ShieldAlert className="size-3.5" aria-hidden="true" />
            {texts.notVerified}
          </Badge>
        )}
      </p>
      <PasswordConfirmDialog
        trigger={
          <>
            <Trash2 aria-hidden="true" />
            {texts.remove}
          </>
        }
        triggerVariant="outline"
        username={username}
        id={id}
        title={texts.removeTitle}
        description={texts.removeDescription}
        confirmLabel={texts.remove}
        pending={pending}
        onConfirm={async (password) => {
          await onRemove(password);
          toast({ title: texts.removed });
        }}
      />
    </div>
  );
}

type ContactFormProps = {
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  /** For password managers: the account the password belongs to. */
  username: string;
  /** The number's or address's own field. */
  children: ReactNode;
  password: { id: string; label: string; field: ReturnType<typeof fieldOf> };
  saveLabel: string;
  pending: boolean;
  /** Nothing to save yet. */
  unchanged: boolean;
};

/** Setting a number or address: its field, the current password (it is where reset codes go), Save. */
export function ContactForm({ onSubmit, username, children, password, saveLabel, pending, unchanged }: ContactFormProps) {
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start"
    >
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      {children}
      <PasswordField id={password.id} label={password.label} autoComplete="current-password" {...password.field} />
      <Button type="submit" className="sm:mt-6" disabled={pending || unchanged} aria-busy={pending}>
        {pending ? <Spinner /> : null}
        {saveLabel}
      </Button>
    </form>
  );
}

/** A refused save of a contact: a wrong password marks the password field; every failure is a toast with the reason. */
export function showContactSaveError(error: unknown, t: Translate, markPassword: (message: string) => void, title: string): void {
  const message = getErrorMessage(error);
  if (message === t(PEOPLE_MSG.currentPasswordWrong)) markPassword(message);
  toast({ variant: 'destructive', title, description: message });
}
