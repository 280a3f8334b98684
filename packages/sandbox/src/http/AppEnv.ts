import type { Language } from '@pasarela/core';
import type { Caller } from '../auth/callerAuth';

/** Per-request values the middleware puts on hono's context. */
export interface AppEnv {
  Variables: {
    lang: Language;
    /** Whether response data is encoded (the server's WIRE_ENCODING setting). */
    wireEncoding: boolean;
    /** The logged-in wallet user, set by requireUser. */
    userId: number | undefined;
    /** Guest or wallet user, set from the API key and token by callerAuth (SPEC 6). */
    caller: Caller | undefined;
  };
}
