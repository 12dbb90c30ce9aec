import { MessageCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { useContactOwner } from '../api';
import { MessageComposer } from './message-composer';

/**
 * 'Contact owner' on an item page: reveals a message box; the first message opens the
 * conversation, and the page moves to it.
 */
export function ContactOwner({ itemId }: { itemId: number }) {
  const [open, setOpen] = useState(false);
  const contact = useContactOwner(itemId);
  const [, navigate] = useLocation();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (open) textareaRef.current?.focus();
    else if (wasOpen.current) buttonRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  if (!open) {
    return (
      <Button ref={buttonRef} size="lg" onClick={() => setOpen(true)} className="w-full sm:w-auto">
        <MessageCircle aria-hidden="true" />
        Contact owner
      </Button>
    );
  }

  return (
    <MessageComposer
      textareaRef={textareaRef}
      placeholder="Ask for this item…"
      pending={contact.isPending}
      send={(body) =>
        contact.mutateAsync(body).then((conversation) => navigate(`/messages/${conversation.id}`))
      }
      extraActions={
        <Button variant="ghost" onClick={() => setOpen(false)} disabled={contact.isPending}>
          Cancel
        </Button>
      }
    />
  );
}
