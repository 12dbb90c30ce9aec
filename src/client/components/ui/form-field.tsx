import { useSay } from '@/lib/i18n';
import type { ComponentProps } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { Input } from './input';
import { Label } from './label';

type TextFieldProps = ComponentProps<'input'> & {
  id: string;
  label: string;
  /** The validation message, shown under the input and linked to it for screen readers. */
  error?: string;
};

/** A labelled text input with its validation message (aria-invalid + aria-describedby). */
export function TextField({ id, label, error, ...inputProps }: TextFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...inputProps} />
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}

/** A username: the keyboard neither capitalises, corrects nor spell-checks it. */
export function UsernameField(props: TextFieldProps) {
  return <TextField autoComplete="username" autoCapitalize="none" autoCorrect="off" spellCheck={false} {...props} />;
}

/** A password, hidden as typed; autoComplete tells password managers which one it is. */
export function PasswordField(props: TextFieldProps & { autoComplete: 'current-password' | 'new-password' }) {
  return <TextField type="password" {...props} />;
}

type BoundForm<T extends FieldValues> = Pick<UseFormReturn<T>, 'register' | 'getFieldState' | 'formState'>;

/**
 * What a field of a react-hook-form form spreads on a TextField: `register(name)` and the field's
 * validation message, so a form names each field once:
 * `<TextField id="…" label="…" {...fieldOf(form, 'title')} />`.
 */
export function fieldOf<T extends FieldValues>(form: BoundForm<T>, name: FieldPath<T>) {
  return { ...form.register(name), error: form.getFieldState(name, form.formState).error?.message };
}

export function FieldError({ id, children }: { id: string; children: string }) {
  // Validation messages of the shared schemas are message ids (src/shared/messages.ts): said in the page's language.
  const say = useSay();
  return (
    <p id={id} className="text-sm font-medium text-danger-text">
      {say(children)}
    </p>
  );
}
