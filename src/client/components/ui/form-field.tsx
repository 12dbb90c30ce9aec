import type { ComponentProps } from 'react';
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

export function FieldError({ id, children }: { id: string; children: string }) {
  return (
    <p id={id} className="text-sm font-medium text-danger-text">
      {children}
    </p>
  );
}
