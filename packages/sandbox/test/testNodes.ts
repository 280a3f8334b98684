import { startServer, type RunningServer, type ServerOptions } from '../src/server';
import { freePort } from './freePort';
import { TEST_PROCESSORS_TIMEOUT_MS } from './testApp';
import { nodeClient } from './nodeClient';
import { newTestSchema } from './testSchema';
import { startTestSimulator, TEST_SIMULATOR_API_SECRET, type RunningSimulator } from './testServer';
import { startTestVault, TEST_VAULT_API_SECRET, TOKENIZING_ORIGIN } from './testCardVault';

export interface TestNode {
  server: RunningServer;
  port: number;
  client: ReturnType<typeof nodeClient>;
}

/**
 * Nodes on one fresh PostgreSQL schema, as `npm start` processes behind a load balancer, sharing one
 * simulator (the given one, or the cluster's own `simulator`, closed with it).
 */
export async function testCluster(url: string, given: Pick<ServerOptions, 'processorsUrl' | 'notificationSecret'> = {}) {
  const simulator: RunningSimulator | undefined = given.processorsUrl ? undefined : await startTestSimulator();
  const gateways = simulator ? { processorsUrl: simulator.url, processorsTimeoutMs: TEST_PROCESSORS_TIMEOUT_MS } : given;
  // The nodes' card vault (issue 90), on the worker's shared store: a card typed at any of the
  // worker's vaults (tokenizedCardPayload) is known here; typed cards' calls forward to the simulator.
  const vault = await startTestVault({ checkoutOrigins: [TOKENIZING_ORIGIN], simulatorUrl: simulator?.url ?? given.processorsUrl });
  const vaultOptions = { vaultUrl: vault.url, vaultApiSecret: TEST_VAULT_API_SECRET, vaultPublicUrl: vault.url };
  const { url: databaseUrl, drop } = await newTestSchema(url).catch(async (error: unknown) => {
    await vault.close();
    await simulator?.close();
    throw error;
  });
  const running: RunningServer[] = [];
  /** `options`: a node started otherwise than its neighbours (another WEBHOOK_ALLOW_PRIVATE, say). */
  async function start(options: Partial<ServerOptions> = {}): Promise<TestNode> {
    // A free port may be taken before the node listens on it: then it starts again on other ports.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      try {
        // Fast timers, as on busy nodes: due work must still be done once. The webhook time-out is
        // the real 10 s (TO_RECEIVER), so that on a machine busy with the other suites a slow answer
        // is not taken for a lost one and sent again.
        const server = await startServer({
          port, demoPort: await freePort(), databaseUrl, wireEncoding: false, subscriptionChargeIntervalMs: 25, expirySweepIntervalMs: 25,
          webhookIntervalMs: 25, webhookDelivery: { retryDelaysMs: [100, 100], timeoutMs: 10_000, batch: 20 },
          simulatorApiSecret: TEST_SIMULATOR_API_SECRET, ...gateways, ...vaultOptions, ...options,
        });
        running.push(server);
        return { server, port, client: nodeClient(server.url) };
      } catch (error) {
        if (attempt >= 5 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      }
    }
  }
  async function stop(node: TestNode): Promise<void> {
    running.splice(running.indexOf(node.server), 1);
    await node.server.close();
  }
  async function close(): Promise<void> {
    await Promise.all(running.map((s) => s.close()));
    await drop();
    await vault.close();
    await simulator?.close();
  }
  return { start, stop, close, simulator, databaseUrl };
}
