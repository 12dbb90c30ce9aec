import { Trash2 } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { currentLanguage, useT } from '@/lib/i18n';
import { type AdminNote, useAdminNotes, useDeleteAdminNote } from '../api';
import { creatorText, formatDateTime } from '../lib/admin-texts';
import { ADMIN_TOASTS } from '../notify';
import { useConfirmDelete } from '../use-confirm-delete';
import { Cell, DataTable, QueryTable } from './data-table';

const COLUMNS = [
  'admin.notes.columns.date',
  'admin.notes.columns.creator',
  'admin.notes.columns.content',
  'admin.notes.columns.actions',
] as const;

/** The Notes tab: every public note, deletable (docs/product.md, Pages). */
export function NotesPanel() {
  const t = useT();
  const notes = useAdminNotes();
  const confirm = useConfirmDelete<AdminNote>(useDeleteAdminNote(), ADMIN_TOASTS.noteDeleted);

  return (
    <>
      <QueryTable
        query={notes}
        loadingLabel={t('admin.notes.loading')}
        errorTitle={t('admin.notes.loadError')}
        emptyMessage={t('admin.notes.empty')}
      >
        {(list) => (
          <DataTable label={t('admin.notes.tableLabel')} columns={COLUMNS.map((column) => t(column))}>
            {list.map((note) => (
              <tr key={note.id}>
                <Cell nowrap className="text-muted-foreground">
                  <time dateTime={note.createdAt}>{formatDateTime(note.createdAt, currentLanguage())}</time>
                </Cell>
                <Cell nowrap className="font-medium">
                  {creatorText(t, note.creatorUsername)}
                </Cell>
                <Cell className="max-w-xl min-w-64 break-words whitespace-pre-line">{note.content}</Cell>
                <Cell nowrap>
                  <Button
                    variant="outline"
                    aria-label={t('admin.notes.deleteLabel', { id: note.id })}
                    className="text-danger-text hover:text-danger-text"
                    onClick={(event) => confirm.ask(note, event.currentTarget)}
                  >
                    <Trash2 aria-hidden="true" />
                    {t('admin.notes.delete')}
                  </Button>
                </Cell>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryTable>
      <ConfirmDialog {...confirm.dialog} title={t('admin.notes.confirmTitle')} description={t('admin.notes.confirmDescription')} />
    </>
  );
}
