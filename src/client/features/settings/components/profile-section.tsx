import { ImagePlus, Trash2, UserRound } from 'lucide-react';
import { useRef, useState } from 'react';
import { AREA_MAX, BIO_MAX, type Settings } from '#shared/people.js';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/lib/i18n';
import { getErrorMessage } from '@/lib/request';
import { useRemoveAvatar, useSaveProfile, useUploadAvatar } from '../api';
import { SettingsSection } from './settings-section';

const failed = (title: string) => (error: unknown) => toast({ variant: 'destructive', title, description: getErrorMessage(error) });

/** The profile photo: upload (EXIF dropped, square crops made by the server) or remove. */
function PhotoField({ settings }: { settings: Settings }) {
  const t = useT();
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const input = useRef<HTMLInputElement>(null);
  const busy = upload.isPending || remove.isPending;
  return (
    <div className="flex flex-wrap items-center gap-4">
      {settings.avatarUrl ? (
        <img
          src={settings.avatarUrl}
          width={80}
          height={80}
          alt={t('settings.profile.photoAlt')}
          className="size-20 shrink-0 rounded-full object-cover ring-1 ring-border"
        />
      ) : (
        <span className="flex size-20 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <UserRound className="size-9" aria-hidden="true" />
        </span>
      )}
      <div className="flex flex-wrap gap-2">
        <input
          ref={input}
          id="settings-avatar"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          className="sr-only"
          tabIndex={-1}
          aria-label={t('settings.profile.choosePhoto')}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            upload.mutate(file, {
              onSuccess: () => toast({ title: t('settings.profile.photoSaved') }),
              onError: failed(t('settings.profile.photoFailed')),
            });
          }}
        />
        <Button variant="outline" disabled={busy} aria-busy={upload.isPending} onClick={() => input.current?.click()}>
          {upload.isPending ? <Spinner /> : <ImagePlus aria-hidden="true" />}
          {settings.avatarUrl ? t('settings.profile.changePhoto') : t('settings.profile.choosePhoto')}
        </Button>
        {settings.avatarUrl ? (
          <Button
            variant="ghost"
            disabled={busy}
            aria-busy={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => toast({ title: t('settings.profile.photoRemoved') }),
                onError: failed(t('settings.profile.photoFailed')),
              })
            }
          >
            {remove.isPending ? <Spinner /> : <Trash2 aria-hidden="true" />}
            {t('settings.profile.removePhoto')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** Bio and area: free text the person types; the area is never derived from where they are. */
function AboutForm({ settings }: { settings: Settings }) {
  const t = useT();
  const save = useSaveProfile();
  const [bio, setBio] = useState(settings.bio ?? '');
  const [area, setArea] = useState(settings.area ?? '');
  const unchanged = bio.trim() === (settings.bio ?? '') && area.trim() === (settings.area ?? '');
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          { bio, area },
          { onSuccess: () => toast({ title: t('settings.profile.saved') }), onError: failed(t('settings.profile.saveFailed')) },
        );
      }}
    >
      <TextField
        id="settings-area"
        label={t('settings.profile.area')}
        placeholder={t('settings.profile.areaPlaceholder')}
        maxLength={AREA_MAX}
        autoComplete="off"
        value={area}
        onChange={(event) => setArea(event.target.value)}
      />
      <div className="grid gap-2">
        <Label htmlFor="settings-bio">{t('settings.profile.bio')}</Label>
        <Textarea
          id="settings-bio"
          className="min-h-24"
          maxLength={BIO_MAX}
          aria-describedby="settings-bio-count"
          value={bio}
          onChange={(event) => setBio(event.target.value)}
        />
        <p id="settings-bio-count" className="text-sm text-muted-foreground">
          {t('settings.profile.bioCount', { count: bio.length, max: BIO_MAX })}
        </p>
      </div>
      <div>
        <Button type="submit" disabled={save.isPending || unchanged} aria-busy={save.isPending}>
          {save.isPending ? <Spinner /> : null}
          {t('settings.profile.save')}
        </Button>
      </div>
    </form>
  );
}

/** Profile: photo, area and bio, shown on the public profile (docs/product.md, Profiles and reputation). */
export function ProfileSection({ settings }: { settings: Settings }) {
  const t = useT();
  return (
    <SettingsSection icon={UserRound} title={t('settings.profile.title')} description={t('settings.profile.description')}>
      <PhotoField settings={settings} />
      <AboutForm settings={settings} />
    </SettingsSection>
  );
}
