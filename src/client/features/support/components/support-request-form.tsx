import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { SUPPORT_DESCRIPTION_MAX } from '#shared/people.js';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/lib/i18n';
import { getErrorMessage } from '@/lib/request';
import { useCreateSupportRequest } from '../api';
import { SUPPORT_TYPE_OPTIONS, type SupportFormValues, supportFormSchema } from '../lib/support-labels';

const EMPTY: SupportFormValues = { type: 'technical_issue', description: '' };

/** The help form: what kind of request, and what happened (docs/product.md, Input rules: at least 10 characters). */
export function SupportRequestForm() {
  const t = useT();
  const create = useCreateSupportRequest();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<SupportFormValues>({ resolver: zodResolver(supportFormSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit((values) => {
    create.mutate(values, {
      onSuccess: () => {
        reset(EMPTY);
        toast({ title: t('support.form.sentTitle'), description: t('support.form.sentText') });
      },
      onError: (error) => toast({ variant: 'destructive', title: t('support.form.failed'), description: getErrorMessage(error) }),
    });
  });

  const descriptionError = errors.description?.message;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-5">
      <div className="grid gap-2">
        <Label htmlFor="support-type">{t('support.form.type')}</Label>
        <NativeSelect id="support-type" {...register('type')}>
          {SUPPORT_TYPE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {t(option.label)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="support-description">{t('support.form.description')}</Label>
        <Textarea
          id="support-description"
          maxLength={SUPPORT_DESCRIPTION_MAX}
          placeholder={t('support.form.placeholder')}
          aria-invalid={descriptionError ? true : undefined}
          aria-describedby={descriptionError ? 'support-description-error' : 'support-description-hint'}
          {...register('description')}
        />
        {descriptionError ? (
          <FieldError id="support-description-error">{descriptionError}</FieldError>
        ) : (
          <p id="support-description-hint" className="text-sm text-muted-foreground">
            {t('support.form.hint')}
          </p>
        )}
      </div>
      <div>
        <Button type="submit" disabled={create.isPending} aria-busy={create.isPending}>
          {create.isPending ? <Spinner /> : <Send aria-hidden="true" />}
          {t('support.form.submit')}
        </Button>
      </div>
    </form>
  );
}
