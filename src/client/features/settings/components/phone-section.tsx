import { zodResolver } from '@hookform/resolvers/zod';
import { BadgeCheck, MessageSquareText, Phone, ShieldAlert, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CODE_LENGTH } from '../../../../shared/constants.js';
import { CODE_TTL_MINUTES, PEOPLE_MSG, type Settings } from '../../../../shared/people.js';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/request';
import { useRemovePhone, useSavePhone, useSendPhoneCode, useVerifyPhone } from '../api';
import { phoneFormSchema, verifyCodeFormSchema } from '../lib/settings-schemas';
import { PasswordConfirmDialog } from './password-confirm-dialog';
import { SettingsSection } from './settings-section';

const failed = (title: string) => (error: unknown) => toast({ variant: 'destructive', title, description: getErrorMessage(error) });

/** The number is where password reset codes go: a change asks for the password again. */
function PhoneNumberForm({ phoneNumber, username }: { phoneNumber: string | null; username: string }) {
  const save = useSavePhone();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm({
    resolver: zodResolver(phoneFormSchema),
    values: { phoneNumber: phoneNumber ?? '', currentPassword: '' },
  });

  const onSubmit = handleSubmit((body) => {
    save.mutate(body, {
      onSuccess: (settings) => {
        reset({ phoneNumber: settings.phoneNumber ?? '', currentPassword: '' });
        toast({
          title: 'Phone number saved',
          description: settings.isPhoneVerified ? undefined : 'Send yourself a verification code to verify it.',
        });
      },
      onError: (error) => {
        const message = getErrorMessage(error);
        if (message === PEOPLE_MSG.currentPasswordWrong) setError('currentPassword', { message }, { shouldFocus: true });
        toast({ variant: 'destructive', title: 'Could not save the phone number', description: message });
      },
    });
  });

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start"
    >
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <TextField
        id="settings-phone"
        label="Phone number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="+15550102000"
        error={errors.phoneNumber?.message}
        {...register('phoneNumber')}
      />
      <TextField
        id="settings-phone-password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <Button type="submit" className="sm:mt-6" disabled={save.isPending || (phoneNumber !== null && !isDirty)} aria-busy={save.isPending}>
        {save.isPending ? <Spinner /> : null}
        Save
      </Button>
    </form>
  );
}

/** Removing the number asks for the password in a dialog; a wrong one is shown at its field. */
function RemovePhoneButton({ username }: { username: string }) {
  const remove = useRemovePhone();
  return (
    <PasswordConfirmDialog
      trigger={
        <>
          <Trash2 aria-hidden="true" />
          Remove number
        </>
      }
      triggerVariant="outline"
      username={username}
      id="remove-phone"
      title="Remove your phone number?"
      description="Without a verified number you cannot reset a forgotten password, and your profile no longer shows you as verified."
      confirmLabel="Remove number"
      pending={remove.isPending}
      onConfirm={async (password) => {
        await remove.mutateAsync(password);
        toast({ title: 'Phone number removed' });
      }}
    />
  );
}

/** Send a code by SMS, then type it in: the number becomes verified. */
function VerifyPhone({ phoneNumber }: { phoneNumber: string }) {
  const send = useSendPhoneCode();
  const verify = useVerifyPhone();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(verifyCodeFormSchema),
    defaultValues: { code: '' },
  });
  // A code sent to an earlier number is no use for this one.
  const codeSent = sentTo === phoneNumber;

  const onSend = () =>
    send.mutate(undefined, {
      onSuccess: () => {
        setSentTo(phoneNumber);
        reset({ code: '' });
        toast({ title: 'Verification code sent', description: `We sent a 6-digit code to ${phoneNumber}.` });
        // The field appears with this render; focus it on the next frame.
        requestAnimationFrame(() => setFocus('code'));
      },
      onError: failed('Could not send the code'),
    });

  const onVerify = handleSubmit(({ code }) => {
    verify.mutate(code, {
      onSuccess: () => {
        setSentTo(null);
        toast({ title: 'Phone number verified', description: 'Your profile now shows you as a verified user.' });
      },
      onError: failed('Could not verify the phone number'),
    });
  });

  return (
    <div className="grid gap-4 rounded-xl bg-muted p-4">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant={codeSent ? 'outline' : 'default'} onClick={onSend} disabled={send.isPending} aria-busy={send.isPending}>
          {send.isPending ? <Spinner /> : <MessageSquareText aria-hidden="true" />}
          Send verification code
        </Button>
        {codeSent ? (
          <p className="text-sm text-muted-foreground" role="status">
            Code sent. It expires in {CODE_TTL_MINUTES} minutes.
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">We'll text a {CODE_LENGTH}-digit code to this number.</p>
        )}
      </div>
      {codeSent ? (
        <form
          onSubmit={(event) => void onVerify(event)}
          noValidate
          className="grid gap-3 sm:grid-cols-[minmax(0,16rem)_auto] sm:items-start"
        >
          <TextField
            id="settings-code"
            label="Verification code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={CODE_LENGTH + 1}
            className="font-mono tracking-[0.3em]"
            error={errors.code?.message}
            {...register('code')}
          />
          <Button type="submit" className="sm:mt-6" disabled={verify.isPending} aria-busy={verify.isPending}>
            {verify.isPending ? <Spinner /> : <BadgeCheck aria-hidden="true" />}
            Verify
          </Button>
        </form>
      ) : null}
    </div>
  );
}

/** Phone number: set, change, verify by SMS, remove. A verified number marks the profile. */
export function PhoneSection({ settings }: { settings: Settings }) {
  const { phoneNumber, isPhoneVerified, username } = settings;

  return (
    <SettingsSection
      icon={Phone}
      title="Phone"
      description="A verified number shows '✓ Verified User' on your profile; the number itself is never shown there."
    >
      {phoneNumber ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-mono">{phoneNumber}</span>
            {isPhoneVerified ? (
              <Badge variant="success">
                <BadgeCheck className="size-3.5" aria-hidden="true" />
                Verified
              </Badge>
            ) : (
              <Badge variant="warning">
                <ShieldAlert className="size-3.5" aria-hidden="true" />
                Not verified
              </Badge>
            )}
          </p>
          <RemovePhoneButton username={username} />
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">You have not added a phone number.</p>
      )}
      <PhoneNumberForm phoneNumber={phoneNumber} username={username} />
      {phoneNumber && !isPhoneVerified ? <VerifyPhone key={phoneNumber} phoneNumber={phoneNumber} /> : null}
    </SettingsSection>
  );
}
