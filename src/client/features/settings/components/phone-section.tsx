import { zodResolver } from '@hookform/resolvers/zod';
import { BadgeCheck, MessageSquareText, Phone, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CODE_LENGTH } from '#shared/constants.js';
import type { MessageId } from '#shared/i18n.js';
import { CODE_TTL_MINUTES, type Settings } from '#shared/people.js';
import { Button } from '@/components/ui/button';
import { fieldOf, TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { translate, useT } from '@/lib/i18n';
import { getErrorMessage } from '@/lib/request';
import { useRemovePhone, useSavePhone, useSendPhoneCode, useVerifyPhone } from '../api';
import { phoneFormSchema, verifyCodeFormSchema } from '../lib/settings-schemas';
import { ContactForm, ContactRow, showContactSaveError } from './contact-row';
import { SettingsSection } from './settings-section';

const failed = (title: MessageId) => (error: unknown) =>
  toast({ variant: 'destructive', title: translate(title), description: getErrorMessage(error) });

/** The number is where password reset codes go: a change asks for the password again. */
function PhoneNumberForm({ phoneNumber, username }: { phoneNumber: string | null; username: string }) {
  const t = useT();
  const save = useSavePhone();
  const form = useForm({
    resolver: zodResolver(phoneFormSchema),
    values: { phoneNumber: phoneNumber ?? '', currentPassword: '' },
  });
  const {
    handleSubmit,
    reset,
    setError,
    formState: { isDirty },
  } = form;

  const onSubmit = handleSubmit((body) => {
    save.mutate(body, {
      onSuccess: (settings) => {
        reset({ phoneNumber: settings.phoneNumber ?? '', currentPassword: '' });
        toast({
          title: t('settings.phone.savedTitle'),
          description: settings.isPhoneVerified ? undefined : t('settings.phone.savedVerify'),
        });
      },
      onError: (error) =>
        showContactSaveError(
          error,
          t,
          (message) => setError('currentPassword', { message }, { shouldFocus: true }),
          t('settings.phone.saveFailed'),
        ),
    });
  });

  return (
    <ContactForm
      onSubmit={onSubmit}
      username={username}
      password={{ id: 'settings-phone-password', label: t('settings.phone.currentPassword'), field: fieldOf(form, 'currentPassword') }}
      saveLabel={t('settings.phone.save')}
      pending={save.isPending}
      unchanged={phoneNumber !== null && !isDirty}
    >
      <TextField
        id="settings-phone"
        label={t('settings.phone.number')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="+12125550134"
        {...fieldOf(form, 'phoneNumber')}
      />
    </ContactForm>
  );
}

/** Send a code by SMS, then type it in: the number becomes verified. */
function VerifyPhone({ phoneNumber }: { phoneNumber: string }) {
  const t = useT();
  const send = useSendPhoneCode();
  const verify = useVerifyPhone();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(verifyCodeFormSchema),
    defaultValues: { code: '' },
  });
  const { handleSubmit, reset, setFocus } = form;
  // A code sent to an earlier number is no use for this one.
  const codeSent = sentTo === phoneNumber;

  const onSend = () =>
    send.mutate(undefined, {
      onSuccess: () => {
        setSentTo(phoneNumber);
        reset({ code: '' });
        toast({ title: t('settings.phone.codeSentTitle'), description: t('settings.phone.codeSentText', { phone: phoneNumber }) });
        // The field appears with this render; focus it on the next frame.
        requestAnimationFrame(() => setFocus('code'));
      },
      onError: failed('settings.phone.sendFailed'),
    });

  const onVerify = handleSubmit(({ code }) => {
    verify.mutate(code, {
      onSuccess: () => {
        setSentTo(null);
        toast({ title: t('settings.phone.verifiedTitle'), description: t('settings.phone.verifiedText') });
      },
      onError: failed('settings.phone.verifyFailed'),
    });
  });

  return (
    <div className="grid gap-4 rounded-xl bg-muted p-4">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant={codeSent ? 'outline' : 'default'} onClick={onSend} disabled={send.isPending} aria-busy={send.isPending}>
          {send.isPending ? <Spinner /> : <MessageSquareText aria-hidden="true" />}
          {t('settings.phone.sendCode')}
        </Button>
        {codeSent ? (
          <p className="text-sm text-muted-foreground" role="status">
            {t('settings.phone.codeExpires', { minutes: CODE_TTL_MINUTES })}
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">{t('settings.phone.willText')}</p>
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
            label={t('settings.phone.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={CODE_LENGTH + 1}
            className="font-mono tracking-[0.3em]"
            {...fieldOf(form, 'code')}
          />
          <Button type="submit" className="sm:mt-6" disabled={verify.isPending} aria-busy={verify.isPending}>
            {verify.isPending ? <Spinner /> : <BadgeCheck aria-hidden="true" />}
            {t('settings.phone.verify')}
          </Button>
        </form>
      ) : null}
    </div>
  );
}

/** Phone number: set, change, verify by SMS, remove. A verified number marks the profile. */
export function PhoneSection({ settings }: { settings: Settings }) {
  const t = useT();
  const { phoneNumber, phoneNumberFormatted, phoneInvalid, isPhoneVerified, username } = settings;
  const remove = useRemovePhone();

  return (
    <SettingsSection icon={Phone} title={t('settings.phone.title')} description={t('settings.phone.description')}>
      {phoneInvalid ? (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-card border border-destructive/40 bg-red-50 px-4 py-3 text-danger-text dark:bg-red-950/60"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>
            <strong className="font-semibold">{t('settings.phone.invalidTitle')}</strong> {t('settings.phone.invalid')}
          </p>
        </div>
      ) : null}
      {phoneNumber ? (
        <ContactRow
          value={phoneNumberFormatted ?? phoneNumber}
          verified={isPhoneVerified}
          texts={{
            verified: t('settings.phone.verified'),
            notVerified: t('settings.phone.notVerified'),
            remove: t('settings.phone.remove'),
            removeTitle: t('settings.phone.removeTitle'),
            removeDescription: t('settings.phone.removeDescription'),
            removed: t('settings.phone.removed'),
          }}
          username={username}
          id="remove-phone"
          pending={remove.isPending}
          onRemove={(password) => remove.mutateAsync(password)}
        />
      ) : (
        <p className="text-sm text-muted-foreground">{t('settings.phone.none')}</p>
      )}
      <PhoneNumberForm phoneNumber={phoneNumber} username={username} />
      {phoneNumber && !isPhoneVerified && !phoneInvalid ? <VerifyPhone key={phoneNumber} phoneNumber={phoneNumber} /> : null}
    </SettingsSection>
  );
}
