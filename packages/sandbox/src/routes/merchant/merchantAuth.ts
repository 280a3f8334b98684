import { ApiError } from '../../errors/ApiError';
import type { Deps } from '../../Deps';
import { bearerSecretKeyOf, merchantIdBySecretKey } from '../../store/merchantKeys';

/**
 * The merchant an `Authorization: Bearer <secretKey>` header names; undefined without the header;
 * 401 for a key that is malformed or nobody's.
 */
export async function merchantOfSecretKey(deps: Pick<Deps, 'db'>, authorization: string | undefined): Promise<number | undefined> {
  if ((authorization ?? '').trim() === '') return undefined;
  // A key sent as Basic (curl -u sk_...:) is told the scheme, not that the key is nobody's.
  const scheme = /^\s*([A-Za-z][\w-]*)\s/.exec(authorization ?? '')?.[1];
  if (scheme !== undefined && scheme.toLowerCase() !== 'bearer') throw new ApiError(401, 'invalid_secret_key', `Authorization must be Bearer <secretKey>, not ${scheme}`);
  const key = bearerSecretKeyOf(authorization);
  const merchantId = key === undefined ? undefined : await merchantIdBySecretKey(deps.db, key);
  if (merchantId === undefined) throw new ApiError(401, 'invalid_secret_key', 'Authorization must be Bearer <secretKey> of a merchant');
  return merchantId;
}

/** Like merchantOfSecretKey, but the key is required. */
export async function requireMerchantKey(deps: Pick<Deps, 'db'>, authorization: string | undefined): Promise<number> {
  const merchantId = await merchantOfSecretKey(deps, authorization);
  if (merchantId === undefined) throw new ApiError(401, 'missing_secret_key', 'Send Authorization: Bearer <secretKey>');
  return merchantId;
}
