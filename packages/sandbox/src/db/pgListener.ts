import pg from 'pg';

const RECONNECT_DELAYS_MS = [250, 1_000, 2_000, 5_000, 10_000] as const;
/**
 * As the pool's (postgresDatabase.ts): a database that takes the connection and never answers (a hung
 * server, a proxy with no backend) or a host that drops it would hold one try for ever, or for the
 * system's TCP time-out, and no retry would follow when the database is back.
 */
export const LISTENER_CONNECT_TIMEOUT_MS = 5_000;

/**
 * Out of the pool: a pooled client would lose its LISTENs on release. It reconnects with growing delays;
 * notifications sent meanwhile are lost, which push clients cover by polling.
 */
export class PgListener {
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private readonly channels = new Map<string, Set<(payload: string) => void>>();
  private readonly resumeCallbacks = new Set<() => void>();
  private retries = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly warn: (message: string) => void,
  ) {}

  async listen(channel: string, onPayload: (payload: string) => void, onResume?: () => void): Promise<() => Promise<void>> {
    let callbacks = this.channels.get(channel);
    if (!callbacks) this.channels.set(channel, (callbacks = new Set()));
    callbacks.add(onPayload);
    if (onResume) this.resumeCallbacks.add(onResume);
    await (await this.connected()).query(`listen ${channel}`);
    return async () => {
      if (onResume) this.resumeCallbacks.delete(onResume);
      const set = this.channels.get(channel);
      set?.delete(onPayload);
      if (set?.size === 0) {
        this.channels.delete(channel);
        await this.client?.query(`unlisten ${channel}`).catch(() => undefined);
      }
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const client = this.client ?? (await this.connecting?.catch(() => undefined));
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private connected(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.connect().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionTimeoutMillis: LISTENER_CONNECT_TIMEOUT_MS, ...this.config });
    client.on('notification', (message) => {
      for (const callback of this.channels.get(message.channel) ?? []) callback(message.payload ?? '');
    });
    // An unheard 'error' would end the process.
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      for (const channel of this.channels.keys()) await client.query(`listen ${channel}`);
      if (this.closed) throw new Error('listener closed');
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.client = client;
    this.retries = 0;
    return client;
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    if (this.closed) return;
    this.warn('database notifications connection lost; reconnecting');
    this.reconnectLater();
  }

  private reconnectLater(): void {
    const delay = RECONNECT_DELAYS_MS[Math.min(this.retries, RECONNECT_DELAYS_MS.length - 1)];
    this.retries += 1;
    this.retryTimer = setTimeout(() => {
      this.connected().then(
        () => {
          this.warn('database notifications connection restored');
          // Notified while away is lost: each listener looks again.
          for (const resume of this.resumeCallbacks) resume();
        },
        () => {
          if (!this.closed) this.reconnectLater();
        },
      );
    }, delay);
    this.retryTimer.unref();
  }
}
