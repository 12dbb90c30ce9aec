// What a client that asks for English reads: the English text of a message (the server's answers
// say message ids in the request's language, English by default).
import type { Message } from '#shared/i18n.js';
import { translate } from '../i18n.js';

export const en = (message: Message): string => translate('en', message);
