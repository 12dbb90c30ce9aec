// Notes and links of the signed-in user. GET /api/notes is cached under NOTES_QUERY_KEY and
// GET /api/links under LINKS_QUERY_KEY; every write updates the cached lists from its answer.
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { linkListSchema, Note, noteListSchema } from '#shared/people.js';
import { apiJson, apiRequest } from '@/lib/request';
import type { NoteVisibility } from './lib/note-visibility';

const NOTES_QUERY_KEY = ['/api/notes'] as const;
const LINKS_QUERY_KEY = ['/api/links'] as const;
// Public search lists public notes; a changed note is looked up again on the next search.
const SEARCH_QUERY_PREFIX = '/api/search';

export type NoteList = z.infer<typeof noteListSchema>;
export type LinkList = z.infer<typeof linkListSchema>;
export type Link = LinkList['links'][number];

export function useNotes() {
  return useQuery<NoteList>({ queryKey: NOTES_QUERY_KEY });
}

function updateMine(queryClient: QueryClient, change: (mine: Note[]) => Note[]) {
  queryClient.setQueryData<NoteList>(NOTES_QUERY_KEY, (old) => (old ? { ...old, mine: change(old.mine) } : old));
  return queryClient.invalidateQueries({ queryKey: [SEARCH_QUERY_PREFIX] });
}

export function useCreateNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { content: string; visibility: NoteVisibility }) => apiJson<Note>('POST', '/api/notes', body),
    onSuccess: (note) => updateMine(queryClient, (mine) => [note, ...mine]),
  });
}

export function useUpdateNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; content?: string; visibility?: NoteVisibility }) =>
      apiJson<Note>('PATCH', `/api/notes/${id}`, body),
    onSuccess: (note) => updateMine(queryClient, (mine) => mine.map((n) => (n.id === note.id ? note : n))),
  });
}

export function useDeleteNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest('DELETE', `/api/notes/${id}`);
    },
    onSuccess: (_, id) => updateMine(queryClient, (mine) => mine.filter((n) => n.id !== id)),
  });
}

export function useLinks() {
  return useQuery<LinkList>({ queryKey: LINKS_QUERY_KEY });
}

function updateLinks(queryClient: QueryClient, change: (links: Link[]) => Link[]) {
  queryClient.setQueryData<LinkList>(LINKS_QUERY_KEY, (old) => (old ? { ...old, links: change(old.links) } : old));
}

/** Links another user by name. */
export function useCreateLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) => apiJson<Link>('POST', '/api/links', { username }),
    onSuccess: (link) => updateLinks(queryClient, (links) => [...links.filter((l) => l.id !== link.id), link]),
  });
}

/** Grants or withdraws a linked user's access to my `linked` notes. */
export function useUpdateLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, hasNoteAccess }: { id: number; hasNoteAccess: boolean }) => {
      await apiRequest('PATCH', `/api/links/${id}`, { hasNoteAccess });
    },
    onSuccess: (_, { id, hasNoteAccess }) =>
      updateLinks(queryClient, (links) => links.map((l) => (l.id === id ? { ...l, hasNoteAccess } : l))),
  });
}

export function useDeleteLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest('DELETE', `/api/links/${id}`);
    },
    onSuccess: (_, id) => updateLinks(queryClient, (links) => links.filter((l) => l.id !== id)),
  });
}
