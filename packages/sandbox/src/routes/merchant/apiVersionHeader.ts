import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { API_VERSION_HEADER, apiVersionOf, API_VERSIONS, CURRENT_API_VERSION } from '../../merchantView/apiVersion';

/**
 * Every answer of the merchant API names the version it is written in, and a request may pin one
 * (docs/merchant-api.md "Versions"). Mounted on the app before the body limit and the input checks,
 * so their refusals (413, 400) name it too.
 */
export function merchantApiVersion(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const version = apiVersionOf(c.req.header(API_VERSION_HEADER));
    if (version === undefined) {
      throw new ApiError(400, 'unsupported_api_version', `${API_VERSION_HEADER} must be one of ${API_VERSIONS.join(', ')} (docs/changelog.md)`, { [API_VERSION_HEADER]: CURRENT_API_VERSION });
    }
    await next();
    c.res.headers.set(API_VERSION_HEADER, version);
  };
}
