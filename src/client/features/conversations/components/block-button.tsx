import { Ban } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/lib/i18n';
import { getErrorMessage } from '@/lib/request';
import { useBlockUser } from '../api';

const ConfirmDialog = lazy(async () => ({ default: (await import('@/components/confirm-dialog')).ConfirmDialog }));

/** 'Block' the other person of a conversation, after a confirmation. */
export function BlockButton({ username }: { username: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const block = useBlockUser();
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      {/* The word shows on every screen: an icon alone leaves a phone user guessing what it does. */}
      <Button ref={buttonRef} variant="ghost" size="sm" onClick={() => setOpen(true)} className="max-sm:min-h-11 max-sm:px-2">
        <Ban aria-hidden="true" />
        {t('conversations.block.button')}
        <span className="sr-only"> {username}</span>
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            title={t('conversations.block.title', { name: username })}
            description={t('conversations.block.description')}
            confirmLabel={t('conversations.block.confirm')}
            pending={block.isPending}
            returnFocusRef={buttonRef}
            onClose={() => setOpen(false)}
            onConfirm={() =>
              block.mutate(username, {
                onSuccess: () => {
                  setOpen(false);
                  toast({
                    title: t('conversations.block.done'),
                    description: t('conversations.block.doneDescription', { name: username }),
                  });
                },
                onError: (error) =>
                  toast({ variant: 'destructive', title: t('conversations.block.error'), description: getErrorMessage(error) }),
              })
            }
          />
        </Suspense>
      ) : null}
    </>
  );
}
