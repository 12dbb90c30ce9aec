import { zodResolver } from '@hookform/resolvers/zod';
import { CirclePlus, Trash2, WalletCards } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { PAYMENT_ID_MAX } from '#shared/people.js';
import { RetryButton } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { FieldError, TextField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/lib/i18n';
import { getErrorMessage } from '@/lib/request';
import { type OwnPaymentLink, useAddPaymentLink, useRemovePaymentLink, useVendors } from '../api';
import { paymentLinkFormSchema } from '../lib/settings-schemas';
import { SettingsSection } from './settings-section';

type PaymentLinksSectionProps = {
  links: OwnPaymentLink[];
  /** The vendor's mark (the page lends the profile feature's icons). */
  renderIcon?: (vendorName: string) => ReactNode;
};

function PaymentLinkRow({ link, renderIcon }: { link: OwnPaymentLink; renderIcon?: (name: string) => ReactNode }) {
  const t = useT();
  const remove = useRemovePaymentLink();
  const onRemove = () =>
    remove.mutate(link.id, {
      onSuccess: () =>
        toast({
          title: t('settings.paymentLinks.removedTitle'),
          description: t('settings.paymentLinks.removedText', { vendor: link.vendor.name }),
        }),
      onError: (error) =>
        toast({ variant: 'destructive', title: t('settings.paymentLinks.removeFailed'), description: getErrorMessage(error) }),
    });

  return (
    <li className="flex items-center gap-3 rounded-xl border border-border p-3">
      {renderIcon?.(link.vendor.name)}
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words">
          {link.vendor.name}
          {link.vendor.active ? null : (
            <span className="ml-2 text-xs font-normal text-muted-foreground">{t('settings.paymentLinks.noLongerOffered')}</span>
          )}
        </p>
        <p className="font-mono text-sm break-all text-muted-foreground">{link.paymentId}</p>
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="text-danger-text hover:bg-red-50 hover:text-danger-text dark:hover:bg-red-950/60"
        aria-label={t('settings.paymentLinks.removeLabel', { vendor: link.vendor.name })}
        title={t('settings.paymentLinks.removeTitle')}
        onClick={onRemove}
        disabled={remove.isPending}
        aria-busy={remove.isPending}
      >
        {remove.isPending ? <Spinner /> : <Trash2 aria-hidden="true" />}
      </Button>
    </li>
  );
}

function AddPaymentLinkForm() {
  const t = useT();
  const vendors = useVendors();
  const add = useAddPaymentLink();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(paymentLinkFormSchema),
    defaultValues: { vendorId: '', paymentId: '' },
  });

  const onSubmit = handleSubmit(({ vendorId, paymentId }) => {
    add.mutate(
      { vendorId: Number(vendorId), paymentId },
      {
        onSuccess: (link) => {
          reset();
          toast({
            title: t('settings.paymentLinks.addedTitle'),
            description: t('settings.paymentLinks.addedText', { vendor: link.vendor.name }),
          });
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: t('settings.paymentLinks.addFailed'), description: getErrorMessage(error) }),
      },
    );
  });

  const vendorError = errors.vendorId?.message;
  const noVendors = vendors.data?.length === 0;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4 rounded-xl bg-muted p-3 sm:p-4">
      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="grid content-start gap-2">
          <Label htmlFor="payment-vendor">{t('settings.paymentLinks.vendor')}</Label>
          <NativeSelect
            id="payment-vendor"
            disabled={vendors.isPending || vendors.isError || noVendors}
            aria-invalid={vendorError ? true : undefined}
            aria-describedby={vendorError ? 'payment-vendor-error' : undefined}
            {...register('vendorId')}
          >
            <option value="">
              {vendors.isPending ? t('settings.paymentLinks.loadingVendors') : t('settings.paymentLinks.chooseVendor')}
            </option>
            {vendors.data?.map((vendor) => (
              <option key={vendor.id} value={String(vendor.id)}>
                {vendor.name}
              </option>
            ))}
          </NativeSelect>
          {vendorError ? <FieldError id="payment-vendor-error">{vendorError}</FieldError> : null}
        </div>
        <TextField
          id="payment-id"
          label={t('settings.paymentLinks.paymentId')}
          placeholder={t('settings.paymentLinks.paymentIdPlaceholder')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={PAYMENT_ID_MAX}
          error={errors.paymentId?.message}
          {...register('paymentId')}
        />
      </div>
      {vendors.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          <span className="text-danger-text">{t('settings.paymentLinks.vendorsFailed', { reason: getErrorMessage(vendors.error) })}</span>
          <RetryButton size="sm" className="h-11" onRetry={() => void vendors.refetch()} retrying={vendors.isFetching} />
        </div>
      ) : noVendors ? (
        <p className="text-sm text-muted-foreground">{t('settings.paymentLinks.noVendors')}</p>
      ) : null}
      <div>
        <Button type="submit" disabled={add.isPending || !vendors.data?.length} aria-busy={add.isPending}>
          {add.isPending ? <Spinner /> : <CirclePlus aria-hidden="true" />}
          {t('settings.paymentLinks.add')}
        </Button>
      </div>
    </form>
  );
}

/** Payment links shown on the public profile: the list with remove buttons, and the add form. */
export function PaymentLinksSection({ links, renderIcon }: PaymentLinksSectionProps) {
  const t = useT();
  return (
    <SettingsSection icon={WalletCards} title={t('settings.paymentLinks.title')} description={t('settings.paymentLinks.description')}>
      {links.length > 0 ? (
        <ul className="grid gap-2" aria-label={t('settings.paymentLinks.listLabel')}>
          {links.map((link) => (
            <PaymentLinkRow key={link.id} link={link} renderIcon={renderIcon} />
          ))}
        </ul>
      ) : (
        <p className="rounded-xl border border-dashed border-input px-4 py-6 text-center text-muted-foreground">
          {t('settings.paymentLinks.empty')}
        </p>
      )}
      <AddPaymentLinkForm />
    </SettingsSection>
  );
}
