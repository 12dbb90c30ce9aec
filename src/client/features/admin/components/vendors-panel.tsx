import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Power, PowerOff } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { createVendorBodySchema } from '../../../../shared/people.js';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { type AdminVendor, useAdminVendors, useCreateVendor, useSetVendorActive } from '../api';
import { formatDateTime } from '../lib/admin-texts';
import { ADMIN_TOASTS, notifyError, notifySuccess } from '../notify';
import { Cell, DataTable, QueryTable, RowHeader } from './data-table';

const COLUMNS = ['Name', 'Status', 'Links', 'Added', 'Actions'] as const;

function AddVendorForm() {
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
        notifySuccess(ADMIN_TOASTS.vendorAdded, `${vendor.name} can now be chosen for payment links.`);
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
      <Label htmlFor="vendor-name">Vendor name</Label>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="grid flex-1 gap-2">
          <Input
            id="vendor-name"
            placeholder="e.g. Swish"
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'vendor-name-error' : undefined}
            {...register('name')}
          />
          {error ? <FieldError id="vendor-name-error">{error}</FieldError> : null}
        </div>
        <Button type="submit" disabled={create.isPending} aria-busy={create.isPending}>
          {create.isPending ? <Spinner /> : <Plus aria-hidden="true" />}
          Add vendor
        </Button>
      </div>
    </form>
  );
}

function ToggleVendorButton({ vendor }: { vendor: AdminVendor }) {
  const setActive = useSetVendorActive();
  const next = !vendor.active;
  const Icon = next ? Power : PowerOff;
  return (
    <Button
      variant="outline"
      disabled={setActive.isPending}
      aria-busy={setActive.isPending}
      aria-label={`${next ? 'Activate' : 'Deactivate'} ${vendor.name}`}
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
      {next ? 'Activate' : 'Deactivate'}
    </Button>
  );
}

/** The Vendors tab: the payment vendors users can pick; inactive ones are offered no more. */
export function VendorsPanel() {
  const vendors = useAdminVendors();
  return (
    <div className="grid grid-cols-1 gap-4">
      <AddVendorForm />
      <p className="text-sm text-muted-foreground">
        A deactivated vendor is no longer offered for new payment links; links already made stay on profiles.
      </p>
      <QueryTable query={vendors} loadingLabel="Loading vendors…" errorTitle="Could not load vendors" emptyMessage="No vendors yet">
        {(list) => (
          <DataTable label="Payment vendors" columns={COLUMNS} stickyColumn={0}>
            {list.map((vendor) => (
              <tr key={vendor.id}>
                <RowHeader className="break-all">{vendor.name}</RowHeader>
                <Cell nowrap>{vendor.active ? <Badge variant="success">Active</Badge> : <Badge variant="neutral">Inactive</Badge>}</Cell>
                <Cell nowrap className="tabular-nums">
                  {vendor.linkCount}
                  <span className="sr-only"> {vendor.linkCount === 1 ? 'link' : 'links'}</span>
                </Cell>
                <Cell nowrap className="text-muted-foreground">
                  <time dateTime={vendor.createdAt}>{formatDateTime(vendor.createdAt)}</time>
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
