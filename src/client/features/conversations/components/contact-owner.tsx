import { MessageCircle } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/lib/i18n';
import { useContactOwner } from '../api';

// The message box (with the form field components) loads when the button is pointed at, focused
// or pressed: most visitors of an item page never write, and the page shows sooner without it.
const loadComposer = () => import('./message-composer');
const MessageComposer = lazy(async () => ({ default: (await loadComposer()).MessageComposer }));

/**
 * 'Contact owner' on an item page: reveals a message box; the first message opens the
 * conversation, and the page moves to it.
 */
export function ContactOwner({ itemId }: { itemId: number }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const contact = useContactOwner(itemId);
  const [, navigate] = useLocation();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  // The box arrives with its chunk: its text area takes the focus as it appears.
  const focusWhenShown = useCallback((textarea: HTMLTextAreaElement | null) => textarea?.focus(), []);

  useEffect(() => {
    if (!open && wasOpen.current) buttonRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  if (!open) {
    return (
      <Button
        ref={buttonRef}
        size="lg"
        onPointerEnter={() => void loadComposer()}
        onFocus={() => void loadComposer()}
        onClick={() => setOpen(true)}
        className="w-full sm:w-auto"
      >
        <MessageCircle aria-hidden="true" />
        {t('conversations.contact.button')}
      </Button>
    );
  }

  return (
    <Suspense fallback={<Spinner label={t('conversations.contact.loading')} />}>
      <MessageComposer
        textareaRef={focusWhenShown}
        placeholder={t('conversations.contact.placeholder')}
        pending={contact.isPending}
        send={(body) => contact.mutateAsync(body).then((conversation) => navigate(`/messages/${conversation.id}`))}
        extraActions={
          <Button variant="ghost" onClick={() => setOpen(false)} disabled={contact.isPending}>
            {t('conversations.contact.cancel')}
          </Button>
        }
      />
    </Suspense>
  );
}
