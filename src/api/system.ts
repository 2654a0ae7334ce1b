import { unwrap } from './client';
import type { ApiClient, RequestOptions } from './client';
import type { Health } from './types';

export async function getHealth(api: ApiClient, { signal }: RequestOptions = {}): Promise<Health> {
  return unwrap(await api.GET('/api/v1/health', { signal }));
}
