import { zodResolver } from '@hookform/resolvers/zod';
import { AtSign, Send } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { EMAIL_LINK_TTL_HOURS, type EmailState, setEmailBodySchema } from '#shared/email.js';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { fieldOf, TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/lib/i18n';
import { getErrorMessage } from '@/lib/request';
import { useEmailState, useRemoveEmail, useSendEmailLink, useSetEmail } from '../email-api';
import { ContactForm, ContactRow, showContactSaveError } from './contact-row';
import { SettingsSection } from './settings-section';

/** The address is where reset codes go: setting or changing it asks for the password again. */
function EmailForm({ email, username }: { email: string | null; username: string }) {
  const t = useT();
  const save = useSetEmail();
  const form = useForm({ resolver: zodResolver(setEmailBodySchema), values: { email: email ?? '', password: '' } });
  const {
    handleSubmit,
    reset,
    setError,
    formState: { isDirty },
  } = form;

  const onSubmit = handleSubmit((body) => {
    save.mutate(body, {
      onSuccess: (state) => {
        reset({ email: state.email ?? '', password: '' });
        toast({
          title: t('email.settings.savedTitle'),
          description: state.isEmailVerified ? undefined : t('email.settings.savedText', { email: state.email ?? '' }),
        });
      },
      onError: (error) =>
        showContactSaveError(
          error,
          t,
          (message) => setError('password', { message }, { shouldFocus: true }),
          t('email.settings.saveFailed'),
        ),
    });
  });

  return (
    <ContactForm
      onSubmit={onSubmit}
      username={username}
      password={{ id: 'settings-email-password', label: t('email.settings.currentPassword'), field: fieldOf(form, 'password') }}
      saveLabel={t('email.settings.save')}
      pending={save.isPending}
      unchanged={email !== null && !isDirty}
    >
      <TextField
        id="settings-email"
        label={t('email.settings.address')}
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="you@example.org"
        {...fieldOf(form, 'email')}
      />
    </ContactForm>
  );
}

/** A link was mailed: how long it works, and the button to send it again. */
function PendingVerification({ email }: { email: string }) {
  const t = useT();
  const send = useSendEmailLink();
  const onSend = () =>
    send.mutate(undefined, {
      onSuccess: () => toast({ title: t('email.settings.linkSentTitle'), description: t('email.settings.savedText', { email }) }),
      onError: (error) => toast({ variant: 'destructive', title: t('email.settings.linkFailed'), description: getErrorMessage(error) }),
    });
  return (
    <div className="grid gap-3 rounded-xl bg-muted p-4">
      <p className="text-sm text-pretty text-muted-foreground">{t('email.settings.pending', { email, hours: EMAIL_LINK_TTL_HOURS })}</p>
      <div>
        <Button variant="outline" onClick={onSend} disabled={send.isPending} aria-busy={send.isPending}>
          {send.isPending ? <Spinner /> : <Send aria-hidden="true" />}
          {t('email.settings.sendAgain')}
        </Button>
      </div>
    </div>
  );
}

function EmailStatus({ state, username }: { state: EmailState; username: string }) {
  const t = useT();
  const remove = useRemoveEmail();
  if (!state.email) return <p className="text-sm text-muted-foreground">{t('email.settings.none')}</p>;
  return (
    <ContactRow
      value={state.email}
      verified={state.isEmailVerified}
      texts={{
        verified: t('email.settings.verified'),
        notVerified: t('email.settings.notVerified'),
        remove: t('email.settings.remove'),
        removeTitle: t('email.settings.removeTitle'),
        removeDescription: t('email.settings.removeDescription'),
        removed: t('email.settings.removed'),
      }}
      username={username}
      id="remove-email"
      pending={remove.isPending}
      onRemove={(password) => remove.mutateAsync(password)}
    />
  );
}

/** E-mail address: add, change (password asked), verify by the mailed link, send it again, remove. */
export function EmailSection({ username }: { username: string }) {
  const t = useT();
  const state = useEmailState();
  const loaded = state.data !== undefined;
  // Arrived from the /home card (/settings#email): bring the section into view, the address field focused.
  useEffect(() => {
    if (!loaded || window.location.hash !== '#email') return;
    document.getElementById('email')?.scrollIntoView({ block: 'start' });
    document.getElementById('settings-email')?.focus({ preventScroll: true });
  }, [loaded]);
  return (
    <div id="email" className="scroll-mt-24">
      <SettingsSection icon={AtSign} title={t('email.settings.title')} description={t('email.settings.description')}>
        {state.data ? (
          <>
            <EmailStatus state={state.data} username={username} />
            <EmailForm email={state.data.email} username={username} />
            {state.data.email && !state.data.isEmailVerified ? <PendingVerification email={state.data.email} /> : null}
          </>
        ) : state.isPending ? (
          <Spinner label={t('email.settings.loading')} />
        ) : (
          <LoadError
            title={t('email.settings.loadFailed')}
            error={state.error}
            onRetry={() => void state.refetch()}
            retrying={state.isFetching}
          />
        )}
      </SettingsSection>
    </div>
  );
}
