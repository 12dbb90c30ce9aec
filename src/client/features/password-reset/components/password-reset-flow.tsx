import { useState } from 'react';
import { useT } from '@/lib/i18n';
import { NewPasswordForm } from './new-password-form';
import { RequestCodeForm } from './request-code-form';

type ResetStep = { step: 'request' | 'reset'; username: string };

const STEP_TEXT = {
  request: { title: 'reset.flow.requestTitle', text: 'reset.flow.requestText' },
  reset: { title: 'reset.flow.resetTitle', text: 'reset.flow.resetText' },
} as const;

/** The two steps of docs/product.md, States, "Password reset": request a code, then use it. */
export function PasswordResetFlow() {
  const t = useT();
  const [state, setState] = useState<ResetStep>({ step: 'request', username: '' });
  const { title, text } = STEP_TEXT[state.step];

  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          {t('reset.flow.stepOf', { step: state.step === 'request' ? 1 : 2 })}
        </p>
        <h2 className="text-xl font-semibold tracking-tight">{t(title)}</h2>
        <p className="text-sm text-pretty text-muted-foreground">{t(text)}</p>
      </div>
      {state.step === 'request' ? (
        <RequestCodeForm defaultUsername={state.username} onSent={(username) => setState({ step: 'reset', username })} />
      ) : (
        <NewPasswordForm username={state.username} onChangeUsername={() => setState({ step: 'request', username: state.username })} />
      )}
    </div>
  );
}
