// Item calls (docs/product.md, API). Lists are cached under ['/api/items', params], one item under
// ['/api/items', id]; writes refresh the lists.
import { type QueryClient, keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateItemBody, ItemDetail, ItemList, ItemStatus, MyItemList, UpdateItemBody } from '#shared/items.js';
import { apiJson, apiRequest } from '@/lib/request';

export const ITEMS_QUERY_KEY = '/api/items';

export type ItemListParams = {
  page: number;
  limit: number;
  lat?: number;
  lng?: number;
  query?: string;
  tag?: string;
  /** Only with lat/lng. */
  radiusKm?: number;
  sort?: 'nearest' | 'newest' | 'relevance';
  /** Only offers or only wants; absent: both. */
  type?: 'offer' | 'want';
};

export type UploadResult = { imageUrl: string; thumbnailUrl: string };

/** Refreshes every item list (not the item pages: those are updated directly). */
function invalidateItemLists(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (q) => q.queryKey[0] === ITEMS_QUERY_KEY && typeof q.queryKey[1] !== 'number',
  });
}

/** One page of items; the previous page stays on screen while the next one loads. */
export function useItemList(params: ItemListParams) {
  return useQuery<ItemList>({
    queryKey: [ITEMS_QUERY_KEY, params],
    placeholderData: keepPreviousData,
  });
}

/** My own items in every state (one page, optionally of one state); refreshed with the lists. */
export function useMyItems(page: number, status: ItemStatus | undefined) {
  return useQuery<MyItemList>({
    queryKey: [ITEMS_QUERY_KEY, { mine: true, page, limit: MY_ITEMS_PAGE_SIZE, ...(status ? { status } : {}) }],
    queryFn: () => {
      const params = new URLSearchParams({ page: String(page), limit: String(MY_ITEMS_PAGE_SIZE) });
      if (status) params.set('status', status);
      return apiJson<MyItemList>('GET', `/api/me/items?${params}`);
    },
    placeholderData: keepPreviousData,
  });
}

const MY_ITEMS_PAGE_SIZE = 20;

/** The item of a page's `:id` (a malformed id is `valid: false`, never asked for). */
export function useRouteItem(param: string | undefined) {
  const id = /^\d{1,15}$/.test(param ?? '') ? Number(param) : Number.NaN;
  const valid = Number.isSafeInteger(id) && id > 0;
  return { valid, ...useItem(id) };
}

/** The item of this id; `enabled: false` waits (a map pin's card asks only once it is opened). */
export function useItem(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery<ItemDetail>({
    queryKey: [ITEMS_QUERY_KEY, id],
    enabled: enabled && Number.isSafeInteger(id) && id > 0,
  });
}

export function useDeleteItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest('DELETE', `/api/items/${id}`);
    },
    onSuccess: async (_, id) => {
      // The item's own page is marked stale, not refetched now (it is gone): a later visit asks again.
      await queryClient.invalidateQueries({ queryKey: [ITEMS_QUERY_KEY, id], exact: true, refetchType: 'none' });
      await invalidateItemLists(queryClient);
    },
  });
}

/** A change of status, a renewal, or an edit (title, description, tags, images, place). */
export type ItemUpdate = UpdateItemBody;

export function useUpdateItem(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ItemUpdate) => apiJson<ItemDetail>('PATCH', `/api/items/${id}`, body),
    onSuccess: async (item) => {
      queryClient.setQueryData([ITEMS_QUERY_KEY, id], item);
      await invalidateItemLists(queryClient);
    },
  });
}

/** Uploads one photo (the form field "image"); the server strips its metadata and stores it. */
export function uploadImage(file: File): Promise<UploadResult> {
  const body = new FormData();
  body.append('image', file);
  return apiJson<UploadResult>('POST', '/api/upload-image', body);
}

export function useCreateItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateItemBody) => apiJson<ItemDetail>('POST', '/api/items', body),
    onSuccess: async (item) => {
      queryClient.setQueryData([ITEMS_QUERY_KEY, item.id], item);
      await invalidateItemLists(queryClient);
    },
  });
}
