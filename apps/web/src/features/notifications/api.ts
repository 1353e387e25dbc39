import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InboxPage, UnreadCount } from '@hiu/domain';
import { api } from '../../lib/api-client';

export const UNREAD_KEY = ['/api/notifications/unread-count'];
const INBOX_KEY = ['/api/notifications'];

/** How many of my entries are unread: the bell's count. */
export function useUnreadCount(enabled: boolean) {
  return useQuery<UnreadCount>({ queryKey: UNREAD_KEY, enabled });
}

/** My inbox, newest first, a page at a time (docs/product.md#notifications). */
export function useInbox() {
  return useInfiniteQuery({
    queryKey: INBOX_KEY,
    initialPageParam: '',
    queryFn: ({ pageParam }) =>
      api.get<InboxPage>(`/api/notifications${pageParam ? `?after=${encodeURIComponent(pageParam)}` : ''}`),
    getNextPageParam: (last) => last.next ?? undefined,
    refetchOnMount: 'always',
  });
}

/** Marks one entry, or all, read; the list and the bell are read again. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string | 'all') =>
      api.post(id === 'all' ? '/api/notifications/read-all' : `/api/notifications/${id}/read`),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: INBOX_KEY, exact: true }),
        client.invalidateQueries({ queryKey: UNREAD_KEY }),
      ]),
  });
}
