import type { HttpBindings } from '@hono/node-server';
import type { Language } from '@pasarela/core';
import type { Logger } from '../ops/logger';

/** Who is calling, as SPEC 6 tells them apart by their headers (core `authHeaders` writes them; auth/callerAuth.ts reads them). */
export type Caller =
  | { kind: 'guest'; anonymousUserServiceId: number }
  | { kind: 'wallet' };

/** Who calls the admin API: the operator, or one merchant with its secret key (auth/adminAccess.ts). */
export type AdminScope = { kind: 'admin' } | { kind: 'merchant'; merchantId: number };

/** Per-request values the middleware puts on hono's context. */
export interface AppEnv {
  /**
   * @hono/node-server's request and response; absent for in-process `app.request()` calls. The
   * server's own in-process calls (the widget page's first-screen answers) say `inProcess`.
   */
  Bindings: (Partial<HttpBindings> & { inProcess?: boolean }) | undefined;
  Variables: {
    lang: Language;
    /** Whether response data is encoded (the server's WIRE_ENCODING setting). */
    wireEncoding: boolean;
    /** The logged-in wallet user, set by requireUser. */
    userId: number | undefined;
    /** Guest or wallet user, set from the API key and token by callerAuth (SPEC 6). */
    caller: Caller | undefined;
    /** Who calls the admin API (operator or one merchant), set by adminAccess. */
    adminScope: AdminScope | undefined;
    /** This request's id (X-Request-Id), in its log lines and its answer. */
    requestId: string;
    /** The node's logger with the request id bound. */
    log: Logger;
  };
}
