// Conversation calls. The list is cached under ['/api/conversations'], one conversation under
// ['/api/conversations', id]. The tab's live stream (lib/live, its events applied in unread.ts)
// makes them stale when something changes; while it is down, open pages poll (MESSAGES_POLL_MS).
// The messages rest on the database, so whichever app process answers sees them.
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES_POLL_MS } from '#shared/conversation-rules.js';
import type { ConversationDetail, ConversationSummary, Message } from '#shared/conversations.js';
import { useLiveConnected } from '@/lib/live';
import { apiJson } from '@/lib/request';
import { UNREAD_QUERY_KEY } from './unread';

export const CONVERSATIONS_QUERY_KEY = '/api/conversations';

/** The list and the unread count change together (new message, conversation read). */
export function refreshInbox(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [CONVERSATIONS_QUERY_KEY], exact: true }),
    queryClient.invalidateQueries({ queryKey: UNREAD_QUERY_KEY }),
  ]);
}

/** My conversations, newest first, kept fresh while the page is open (live, or polled without it). */
export function useConversations() {
  const live = useLiveConnected();
  return useQuery<ConversationSummary[]>({
    queryKey: [CONVERSATIONS_QUERY_KEY],
    refetchInterval: live ? false : MESSAGES_POLL_MS,
    refetchOnMount: 'always',
  });
}

/** One conversation with its messages; each answer also marks it read on the server. */
export function useConversation(id: number) {
  const live = useLiveConnected();
  return useQuery<ConversationDetail>({
    queryKey: [CONVERSATIONS_QUERY_KEY, id],
    enabled: Number.isSafeInteger(id) && id > 0,
    refetchInterval: (query) => (live || query.state.status === 'error' ? false : MESSAGES_POLL_MS),
    refetchOnMount: 'always',
  });
}

/** A reply in an open conversation; the new message is added to the cached one at once. */
export function useSendMessage(conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => apiJson<Message>('POST', `/api/conversations/${conversationId}/messages`, { body }),
    onSuccess: (message) => {
      queryClient.setQueryData<ConversationDetail>([CONVERSATIONS_QUERY_KEY, conversationId], (current) =>
        current && !current.messages.some((m) => m.id === message.id)
          ? { ...current, lastMessage: message, updatedAt: message.createdAt, messages: [...current.messages, message] }
          : current,
      );
      // Not awaited: the box clears as soon as the message is in, the list follows.
      void refreshInbox(queryClient);
    },
  });
}

/** The first message about an item: opens (or reuses) my conversation with its owner. */
export function useContactOwner(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => apiJson<ConversationDetail>('POST', `/api/items/${itemId}/messages`, { body }),
    onSuccess: async (conversation) => {
      queryClient.setQueryData([CONVERSATIONS_QUERY_KEY, conversation.id], conversation);
      await refreshInbox(queryClient);
    },
  });
}

/** Item lists and pages are cached under this key by the items feature: a handover changes them. */
const ITEMS_QUERY_KEY = '/api/items';

function useAfterHandover(conversationId: number) {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: [CONVERSATIONS_QUERY_KEY, conversationId] }),
      queryClient.invalidateQueries({ queryKey: [ITEMS_QUERY_KEY] }),
      refreshInbox(queryClient),
    ]);
  };
}

/** The owner promises the item to the person of this conversation. */
export function usePromiseItem(conversationId: number) {
  const refresh = useAfterHandover(conversationId);
  return useMutation({
    mutationFn: () => apiJson<ConversationDetail>('POST', `/api/conversations/${conversationId}/promise`),
    onSuccess: refresh,
  });
}

/** The owner marks the item given (taken) or withdraws the promise (available again). */
export function useHandOver(conversationId: number, itemId: number) {
  const refresh = useAfterHandover(conversationId);
  return useMutation({
    mutationFn: (status: 'taken' | 'available') => apiJson<unknown>('PATCH', `/api/items/${itemId}`, { status }),
    onSuccess: refresh,
  });
}

/** Blocks the other person: no messages either way until unblocked (in Settings). */
export function useBlockUser() {
  return useMutation({
    mutationFn: (username: string) => apiJson<unknown>('POST', '/api/blocks', { username }),
  });
}
