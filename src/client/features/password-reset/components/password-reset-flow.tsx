import { useState } from 'react';
import { NewPasswordForm } from './new-password-form';
import { RequestCodeForm } from './request-code-form';

type ResetStep = { step: 'request' | 'reset'; username: string };

const STEP_TEXT = {
  request: { title: 'Request a code', text: "Enter your username and we'll text a verification code to the phone number on your account." },
  reset: { title: 'Choose a new password', text: 'Enter the code from the SMS and the password you want to use from now on.' },
} as const;

/** The two steps of docs/product.md, States, "Password reset": request a code, then use it. */
export function PasswordResetFlow() {
  const [state, setState] = useState<ResetStep>({ step: 'request', username: '' });
  const { title, text } = STEP_TEXT[state.step];

  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Step {state.step === 'request' ? 1 : 2} of 2</p>
        <h2 className="text-xl font-semibold tracking-tight">{title}</h2>
        <p className="text-sm text-pretty text-muted-foreground">{text}</p>
      </div>
      {state.step === 'request' ? (
        <RequestCodeForm defaultUsername={state.username} onSent={(username) => setState({ step: 'reset', username })} />
      ) : (
        <NewPasswordForm username={state.username} onChangeUsername={() => setState({ step: 'request', username: state.username })} />
      )}
    </div>
  );
}
