import type { Environment } from '@pasarela/core';

/**
 * SPEC 9 "demo (sandbox)": whatever host it runs on, this server is the demo environment. Core's
 * environmentOfHost would call an unmarked public host prod, which a sandbox never is.
 */
export const SANDBOX_ENVIRONMENT: Environment = 'demo';
