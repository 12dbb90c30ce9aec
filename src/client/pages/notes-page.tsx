import { PenLine } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { LinkedUsers } from '@/features/notes/components/linked-users';
import { NoteEditor } from '@/features/notes/components/note-editor';
import { NoteLists } from '@/features/notes/components/note-lists';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /notes (signed in): write notes, choose who reads them, manage linked users. */
export function NotesPage() {
  useDocumentTitle('My Notes');
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">My Notes</h1>
        <p className="mt-1 text-pretty text-muted-foreground">
          Keep notes for yourself, share them with people you link, or make them public.
        </p>
      </div>
      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="grid gap-8">
          <Card>
            <CardHeader className="p-4 pb-0 sm:p-6 sm:pb-0">
              <CardTitle className="flex items-center gap-2">
                <PenLine className="size-5 text-primary" aria-hidden="true" />
                Write a note
              </CardTitle>
            </CardHeader>
            <CardContent className="p-4 sm:p-6">
              <NoteEditor />
            </CardContent>
          </Card>
          <NoteLists />
        </div>
        <LinkedUsers />
      </div>
    </div>
  );
}
