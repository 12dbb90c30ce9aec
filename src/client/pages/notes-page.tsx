import { PenLine } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { LinkedUsers } from '@/features/notes/components/linked-users';
import { NoteEditor } from '@/features/notes/components/note-editor';
import { NoteLists } from '@/features/notes/components/note-lists';
import { useT } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /notes (signed in): write notes, choose who reads them, manage linked users. */
export function NotesPage() {
  const t = useT();
  useDocumentTitle(t('notes.page.title'));
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{t('notes.page.heading')}</h1>
        <p className="mt-1 text-pretty text-muted-foreground">{t('notes.page.intro')}</p>
      </div>
      <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="grid gap-8">
          <Card>
            <CardHeader className="p-4 pb-0 sm:p-6 sm:pb-0">
              <CardTitle className="flex items-center gap-2">
                <PenLine className="size-5 text-primary" aria-hidden="true" />
                {t('notes.page.write')}
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
