import { api } from './api-client';
import { servedFromNetwork } from './offline-status';
import { queryClient } from './query-client';

/**
 * One page of a paged list from the server; without a server, the first page comes from the phone's offline
 * cache (docs/product.md#offline) and later pages fail as they would. The cache's code loads only then.
 */
export async function pageOrOfflineFirst<T>(path: string, first: boolean): Promise<T> {
  try {
    const answer = await api.get<T>(path);
    servedFromNetwork();
    return answer;
  } catch (error) {
    if (!first) throw error;
    const { answerWithoutServer } = await import('./offline-cache');
    return (await answerWithoutServer(error, [path], queryClient)) as T;
  }
}
