import { apiClient, unwrap } from './client';
import type { RequestOptions } from './client';
import type { Health } from './types';

export async function getHealth({ signal }: RequestOptions = {}): Promise<Health> {
  return unwrap(await apiClient().GET('/api/v1/health', { signal }));
}
