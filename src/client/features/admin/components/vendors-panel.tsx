import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Power, PowerOff } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { createVendorBodySchema } from '#shared/people.js';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { currentLanguage, useT } from '@/lib/i18n';
import { type AdminVendor, useAdminVendors, useCreateVendor, useSetVendorActive } from '../api';
import { formatDateTime } from '../lib/admin-texts';
import { ADMIN_TOASTS, notifyError, notifySuccess } from '../notify';
import { Cell, DataTable, QueryTable, RowHeader } from './data-table';

const COLUMNS = [
  'admin.vendors.columns.name',
  'admin.vendors.columns.status',
  'admin.vendors.columns.links',
  'admin.vendors.columns.added',
  'admin.vendors.columns.actions',
] as const;

function AddVendorForm() {
  const t = useT();
  const create = useCreateVendor();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(createVendorBodySchema), defaultValues: { name: '' } });

  const onSubmit = handleSubmit(({ name }) => {
    create.mutate(name, {
      onSuccess: (vendor) => {
        notifySuccess(ADMIN_TOASTS.vendorAdded, t('admin.vendors.addedDescription', { name: vendor.name }));
        reset();
      },
      onError: notifyError,
    });
  });

  const error = errors.name?.message;
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="grid gap-2 rounded-card border border-border bg-card p-4 shadow-sm sm:p-5"
    >
      <Label htmlFor="vendor-name">{t('admin.vendors.nameLabel')}</Label>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="grid flex-1 gap-2">
          <Input
            id="vendor-name"
            placeholder={t('admin.vendors.placeholder')}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'vendor-name-error' : undefined}
            {...register('name')}
          />
          {error ? <FieldError id="vendor-name-error">{error}</FieldError> : null}
        </div>
        <Button type="submit" disabled={create.isPending} aria-busy={create.isPending}>
          {create.isPending ? <Spinner /> : <Plus aria-hidden="true" />}
          {t('admin.vendors.add')}
        </Button>
      </div>
    </form>
  );
}

function ToggleVendorButton({ vendor }: { vendor: AdminVendor }) {
  const t = useT();
  const setActive = useSetVendorActive();
  const next = !vendor.active;
  const Icon = next ? Power : PowerOff;
  return (
    <Button
      variant="outline"
      disabled={setActive.isPending}
      aria-busy={setActive.isPending}
      aria-label={
        next ? t('admin.vendors.activateLabel', { name: vendor.name }) : t('admin.vendors.deactivateLabel', { name: vendor.name })
      }
      onClick={() =>
        setActive.mutate(
          { id: vendor.id, active: next },
          {
            onSuccess: () => notifySuccess(next ? ADMIN_TOASTS.vendorActivated : ADMIN_TOASTS.vendorDeactivated, vendor.name),
            onError: notifyError,
          },
        )
      }
    >
      {setActive.isPending ? <Spinner /> : <Icon aria-hidden="true" />}
      {next ? t('admin.vendors.activate') : t('admin.vendors.deactivate')}
    </Button>
  );
}

/** The Vendors tab: the payment vendors users can pick; inactive ones are offered no more. */
export function VendorsPanel() {
  const t = useT();
  const vendors = useAdminVendors();
  return (
    <div className="grid grid-cols-1 gap-4">
      <AddVendorForm />
      <p className="text-sm text-muted-foreground">{t('admin.vendors.hint')}</p>
      <QueryTable
        query={vendors}
        loadingLabel={t('admin.vendors.loading')}
        errorTitle={t('admin.vendors.loadError')}
        emptyMessage={t('admin.vendors.empty')}
      >
        {(list) => (
          <DataTable label={t('admin.vendors.tableLabel')} columns={COLUMNS.map((column) => t(column))} stickyColumn={0}>
            {list.map((vendor) => (
              <tr key={vendor.id}>
                <RowHeader className="break-all">{vendor.name}</RowHeader>
                <Cell nowrap>
                  {vendor.active ? (
                    <Badge variant="success">{t('admin.vendors.active')}</Badge>
                  ) : (
                    <Badge variant="neutral">{t('admin.vendors.inactive')}</Badge>
                  )}
                </Cell>
                <Cell nowrap className="tabular-nums">
                  {vendor.linkCount}
                  <span className="sr-only"> {t('admin.vendors.linkCount', { count: vendor.linkCount })}</span>
                </Cell>
                <Cell nowrap className="text-muted-foreground">
                  <time dateTime={vendor.createdAt}>{formatDateTime(vendor.createdAt, currentLanguage())}</time>
                </Cell>
                <Cell nowrap>
                  <ToggleVendorButton vendor={vendor} />
                </Cell>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryTable>
    </div>
  );
}
