import type { HttpBindings } from '@hono/node-server';
import type { Language } from '@pasarela/core';
import type { Logger } from '../ops/logger';

/** SPEC 6 tells them apart by their headers (core authHeaders writes them, auth/callerAuth.ts reads them). */
export type Caller =
  | { kind: 'guest'; anonymousUserServiceId: number }
  | { kind: 'wallet' };

/** `secretKey`: the merchant's key that asked (it may be one being retired, in its overlap window). */
export type AdminScope = { kind: 'admin' } | { kind: 'merchant'; merchantId: number; secretKey: string };

export interface AppEnv {
  /** Absent for in-process `app.request()` calls; the server's own in-process calls say `inProcess`. */
  Bindings: (Partial<HttpBindings> & { inProcess?: boolean }) | undefined;
  Variables: {
    lang: Language;
    wireEncoding: boolean;
    userId: number | undefined;
    caller: Caller | undefined;
    adminScope: AdminScope | undefined;
  /** X-Request-Id, in its log lines and its answer. */
    requestId: string;
    log: Logger;
    /**
     * The 5xx is the node doing what it should (/health at 503 while it drains after SIGTERM): its
     * request line is at info, not error (http/requestLog.ts).
     */
    failureMeant: boolean | undefined;
    /** The 5xx is a dependency's outage (PaymentError.dependencyDown): its request line says which, at warn. */
    dependencyDown: { code: string; cause: string } | undefined;
    /** A 4xx the operator must see (a notification whose signature does not verify): its request line at warn, with this cause. */
    refusalToTell: string | undefined;
    /** A payment's 5xx and what lay under it (a gateway's time-out, its 5xx): its request line carries it, at error. */
    failure: { code: string; err: { message: string; stack?: string | undefined } } | undefined;
  };
}
