import { Ban } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/request';
import { useBlockUser } from '../api';

const ConfirmDialog = lazy(async () => ({ default: (await import('@/components/confirm-dialog')).ConfirmDialog }));

/** 'Block' the other person of a conversation, after a confirmation. */
export function BlockButton({ username }: { username: string }) {
  const [open, setOpen] = useState(false);
  const block = useBlockUser();
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      {/* The word shows on every screen: an icon alone leaves a phone user guessing what it does. */}
      <Button ref={buttonRef} variant="ghost" size="sm" onClick={() => setOpen(true)} className="max-sm:min-h-11 max-sm:px-2">
        <Ban aria-hidden="true" />
        Block
        <span className="sr-only"> {username}</span>
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            title={`Block ${username}?`}
            description="Neither of you will be able to send messages to the other. You can unblock them in Settings."
            confirmLabel="Block"
            pending={block.isPending}
            returnFocusRef={buttonRef}
            onClose={() => setOpen(false)}
            onConfirm={() =>
              block.mutate(username, {
                onSuccess: () => {
                  setOpen(false);
                  toast({ title: 'Blocked', description: `${username} can no longer send you messages.` });
                },
                onError: (error) => toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error) }),
              })
            }
          />
        </Suspense>
      ) : null}
    </>
  );
}
