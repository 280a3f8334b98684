import { CardAuthResponseSchema } from '@pasarela/core';
import type { ApiClient } from '../../api/client';

export function abandonChallenge(api: ApiClient, codOper: string) {
  return api.post(`cards/payments/${encodeURIComponent(codOper)}/abandon`, CardAuthResponseSchema, {});
}
