import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { Languages } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { SessionUser } from '#shared/auth.js';
import { isLanguage, type Language, LANGUAGE_CODES, LANGUAGES } from '#shared/i18n.js';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { USER_QUERY_KEY, userQuery } from '@/features/auth/api';
import { useAuth } from '@/features/auth/auth-provider';
import { changeLanguage, currentLanguage, translate, useT } from '@/lib/i18n';
import { apiRequest, getErrorMessage } from '@/lib/request';
import { cn } from '@/lib/utils';

/** Stores the language on the signed-in account (e-mails and text messages use it too); the session in the cache learns it. */
async function storeOnAccount(queryClient: QueryClient, language: Language): Promise<void> {
  await apiRequest('PUT', '/api/me/language', { language });
  queryClient.setQueryData<SessionUser | null>(USER_QUERY_KEY, (old) => (old ? { ...old, language } : old));
}

/**
 * Switches the page's language (the device remembers it in a cookie) and, when signed in, stores it
 * on the account. Whether someone is signed in is asked when the choice is made, waiting for the
 * session's answer if it is still on its way (a choice made as the page opens counts too).
 */
function useChooseLanguage() {
  const queryClient = useQueryClient();
  return async (language: Language) => {
    try {
      await changeLanguage(language);
      if (await queryClient.ensureQueryData(userQuery)) await storeOnAccount(queryClient, language);
    } catch (error) {
      toast({ variant: 'destructive', title: translate('core.language.failed'), description: getErrorMessage(error) });
    }
  };
}

/**
 * The language picker: a native select (keyboard and screen readers know it), each language named in
 * itself. `compact`: the navigation bar's, its label read by screen readers only.
 */
export function LanguagePicker({ compact = false, className }: { compact?: boolean; className?: string }) {
  const t = useT();
  const id = useId();
  const choose = useChooseLanguage();
  const [busy, setBusy] = useState(false);
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <label htmlFor={id} className={cn('flex items-center gap-2 text-sm font-medium', compact ? 'sr-only' : 'px-1 text-muted-foreground')}>
        {compact ? null : <Languages className="size-4" aria-hidden="true" />}
        {t('core.language.label')}
      </label>
      <NativeSelect
        id={id}
        value={currentLanguage()}
        disabled={busy}
        aria-busy={busy}
        className={compact ? 'h-11 w-auto border-transparent bg-transparent pr-8 shadow-none hover:bg-accent' : 'flex-1'}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLanguage(next)) return;
          setBusy(true);
          void choose(next).finally(() => setBusy(false));
        }}
      >
        {LANGUAGE_CODES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGES[code]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/**
 * A signed-in person reads the site in the language stored on their account, whichever device
 * they use; an account without one gets the language the person signed in with.
 */
export function AccountLanguage() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const stored = user?.language;
  const signedIn = Boolean(user);
  useEffect(() => {
    if (!signedIn) return;
    if (stored && stored !== currentLanguage()) {
      void changeLanguage(stored);
    } else if (stored === null) {
      // Not stored now (offline, signed out meanwhile): the next sign-in tries again; nothing to tell.
      storeOnAccount(queryClient, currentLanguage()).catch(() => undefined);
    }
  }, [signedIn, stored, queryClient]);
  return null;
}
