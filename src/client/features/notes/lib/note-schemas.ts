// The note and link forms use the API's own rules, so their messages match the server's.
import { z } from 'zod';
import { createLinkBodySchema, createNoteBodySchema, noteVisibilitySchema } from '#shared/people.js';

export const noteFormSchema = z.object({
  content: createNoteBodySchema.shape.content,
  visibility: noteVisibilitySchema,
});
export type NoteFormValues = z.input<typeof noteFormSchema>;

export const linkFormSchema = createLinkBodySchema;
