import { SendHorizontal } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, type ReactNode, type Ref, useId, useState } from 'react';
import { CONVERSATION_MSG, MESSAGE_MAX } from '#shared/conversation-rules.js';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/lib/i18n';
import { getErrorMessage } from '@/lib/request';
import { cn } from '@/lib/utils';
import { remainingText } from '../lib/conversation-texts';

type MessageComposerProps = {
  /** Sends the text; resolves when the server took it (the box is cleared then). */
  send: (body: string) => Promise<unknown>;
  pending: boolean;
  placeholder?: string;
  textareaRef?: Ref<HTMLTextAreaElement>;
  className?: string;
  /** After the message was sent (e.g. scroll to it). */
  onSent?: () => void;
  /** Extra buttons beside Send (e.g. Cancel). */
  extraActions?: ReactNode;
};

/** A 'Message' box and 'Send': Enter sends, Shift+Enter starts a new line. */
export function MessageComposer({ send, pending, placeholder, textareaRef, className, onSent, extraActions }: MessageComposerProps) {
  const t = useT();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const errorId = `${id}-error`;
  const counterId = `${id}-counter`;
  const remaining = remainingText(t, body.length);

  const submit = () => {
    if (pending) return;
    if (body.trim() === '') {
      setError(CONVERSATION_MSG.bodyRequired);
      return;
    }
    setError(null);
    send(body).then(
      () => {
        setBody('');
        onSent?.();
      },
      (failure: unknown) =>
        toast({ variant: 'destructive', title: t('conversations.composer.notSent'), description: getErrorMessage(failure) }),
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter (and Enter while an input method composes) stays in the text.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const describedBy = [error ? errorId : null, remaining ? counterId : null].filter(Boolean).join(' ') || undefined;

  return (
    <form onSubmit={onSubmit} noValidate className={cn('grid gap-2', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={id}>{t('conversations.composer.label')}</Label>
        <p id={counterId} aria-live="polite" className="text-xs text-muted-foreground">
          {remaining}
        </p>
      </div>
      <Textarea
        id={id}
        ref={textareaRef}
        rows={3}
        maxLength={MESSAGE_MAX}
        value={body}
        placeholder={placeholder}
        onChange={(event) => {
          setBody(event.target.value);
          if (error) setError(null);
        }}
        onKeyDown={onKeyDown}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="min-h-24 resize-y"
      />
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
      <div className="flex flex-wrap items-center justify-end gap-2">
        <p className="mr-auto hidden text-xs text-muted-foreground sm:block">{t('conversations.composer.hint')}</p>
        {extraActions}
        <Button type="submit" disabled={pending} aria-busy={pending} className="min-w-28">
          {pending ? <Spinner /> : <SendHorizontal aria-hidden="true" />}
          {t('conversations.composer.send')}
        </Button>
      </div>
    </form>
  );
}
