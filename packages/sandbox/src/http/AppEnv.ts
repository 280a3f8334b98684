import type { Language } from '@pasarela/core';

/** Per-request values the middleware puts on hono's context. */
export interface AppEnv {
  Variables: {
    lang: Language;
    /** Whether response data is encoded (the server's WIRE_ENCODING setting). */
    wireEncoding: boolean;
    /** The logged-in wallet user, set by requireUser. */
    userId: number | undefined;
  };
}
