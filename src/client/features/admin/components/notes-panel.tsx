import { Trash2 } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { type AdminNote, useAdminNotes, useDeleteAdminNote } from '../api';
import { creatorText, formatDateTime } from '../lib/admin-texts';
import { ADMIN_TOASTS } from '../notify';
import { useConfirmDelete } from '../use-confirm-delete';
import { Cell, DataTable, QueryTable } from './data-table';

const COLUMNS = ['Date', 'Creator', 'Content', 'Actions'] as const;

/** The Notes tab: every public note, deletable (docs/product.md, Pages). */
export function NotesPanel() {
  const notes = useAdminNotes();
  const confirm = useConfirmDelete<AdminNote>(useDeleteAdminNote(), ADMIN_TOASTS.noteDeleted);

  return (
    <>
      <QueryTable query={notes} loadingLabel="Loading notes…" errorTitle="Could not load notes" emptyMessage="No public notes found">
        {(list) => (
          <DataTable label="Public notes" columns={COLUMNS}>
            {list.map((note) => (
              <tr key={note.id}>
                <Cell nowrap className="text-muted-foreground">
                  <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
                </Cell>
                <Cell nowrap className="font-medium">
                  {creatorText(note.creatorUsername)}
                </Cell>
                <Cell className="max-w-xl min-w-64 break-words whitespace-pre-line">{note.content}</Cell>
                <Cell nowrap>
                  <Button
                    variant="outline"
                    aria-label={`Delete note ${note.id}`}
                    className="text-danger-text hover:text-danger-text"
                    onClick={(event) => confirm.ask(note, event.currentTarget)}
                  >
                    <Trash2 aria-hidden="true" />
                    Delete
                  </Button>
                </Cell>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryTable>
      <ConfirmDialog
        {...confirm.dialog}
        title="Delete this note?"
        description="The note disappears from search and from its author's notes. This cannot be undone."
      />
    </>
  );
}
