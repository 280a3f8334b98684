import type { CardStore } from './cardStore';

/**
 * Within the server's own wait for /v1/health (1 s, packages/sandbox's SERVICE_HEALTH_TIMEOUT_MS),
 * so a store that hangs is told as unavailable rather than as a vault that did not answer.
 */
const STORE_CHECK_TIMEOUT_MS = 800;

/** The store answered a statement within its time; a closed, stopped or hung store did not. */
export async function storeAnswers(store: Pick<CardStore, 'ping'>, timeoutMs = STORE_CHECK_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([store.ping().then(() => true, () => false), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
