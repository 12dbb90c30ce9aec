import { HandHeart } from 'lucide-react';
import { useState } from 'react';
import { THANKS_NOTE_MAX } from '#shared/people.js';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/lib/i18n';
import { getErrorMessage } from '@/lib/request';
import { useGiveThanks, useHandOverThanks } from '../api';

/**
 * After a hand-over (the item is marked given), its giver and its receiver each thank the other once,
 * with an optional note that shows on the other's profile (docs/product.md, Profiles and reputation).
 * Shown on the item page to those two only.
 */
export function HandOverThanks({ itemId }: { itemId: number }) {
  const t = useT();
  const state = useHandOverThanks(itemId);
  const give = useGiveThanks(itemId);
  const [note, setNote] = useState('');

  if (state.isError) return <p className="text-sm text-muted-foreground">{t('profiles.thanks.loadFailed')}</p>;
  if (!state.data) return null;
  const { other, mine, theirs } = state.data;

  const send = () =>
    give.mutate(note, {
      onSuccess: () =>
        toast({ title: t('profiles.thanks.sentTitle'), description: t('profiles.thanks.sent', { username: other.username }) }),
      onError: (error) => toast({ variant: 'destructive', title: t('profiles.thanks.failedTitle'), description: getErrorMessage(error) }),
    });

  return (
    <section aria-labelledby="thanks-heading" className="grid gap-3 rounded-card border border-border bg-card p-4 shadow-sm">
      <h2 id="thanks-heading" className="flex items-center gap-2 text-lg font-semibold">
        <HandHeart className="size-5 text-primary" aria-hidden="true" />
        {t('profiles.thanks.heading')}
      </h2>
      {theirs ? (
        <div className="grid gap-1 rounded-lg bg-primary-soft px-3 py-2 text-primary-soft-foreground">
          <p className="font-medium">{t('profiles.thanks.theyThanked', { username: other.username })}</p>
          {theirs.note ? <p className="break-words whitespace-pre-line">{theirs.note}</p> : null}
        </div>
      ) : null}
      {mine ? (
        <div className="grid gap-1" role="status">
          <p className="font-medium">{t('profiles.thanks.youThanked', { username: other.username })}</p>
          {mine.note ? <p className="break-words whitespace-pre-line text-muted-foreground">{mine.note}</p> : null}
        </div>
      ) : (
        <form
          className="grid gap-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
        >
          <p className="text-sm text-muted-foreground">{t('profiles.thanks.intro', { username: other.username })}</p>
          <div className="grid gap-2">
            <Label htmlFor="thanks-note">{t('profiles.thanks.note')}</Label>
            <Textarea
              id="thanks-note"
              className="min-h-20"
              maxLength={THANKS_NOTE_MAX}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
          <div>
            <Button type="submit" disabled={give.isPending} aria-busy={give.isPending}>
              {give.isPending ? <Spinner /> : <HandHeart aria-hidden="true" />}
              {t('profiles.thanks.send', { username: other.username })}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
