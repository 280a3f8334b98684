// `npm run vault` (dist/vault.mjs), and beside the server in `npm start`; its environment variables are listed in docs/security.md.
import { startVault } from './startVault';
import { connectPostgres, openPglite, type VaultDatabase } from './vaultDatabase';
import { vaultSettingsOf, type VaultSettings } from './vaultSettings';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let settings: VaultSettings;
try {
  settings = vaultSettingsOf(process.env);
} catch (error) {
  fail((error as Error).message);
}
const { databaseUrl, dataDir } = settings;
let database: VaultDatabase;
try {
  database = databaseUrl ? await connectPostgres(databaseUrl, (message) => console.error(message)) : await openPglite(dataDir);
} catch (error) {
  fail((error as Error).message);
}
startVault({ ...settings, database }).then(
  (vault) => {
    // The first line is what a parent process (scripts/start.mjs) reads to find it.
    console.log(`Card vault listening on ${vault.url} (cards in ${databaseUrl ? 'PostgreSQL' : dataDir})`);
    for (const [name, url] of vault.forwardingUrls) console.log(`Card vault forwarding to ${name} from ${url}`);
    // Settings it starts without, but that leave it of no use to a checkout: said, not guessed at.
    if (settings.checkoutOrigins.length === 0) console.warn('Card vault: VAULT_CHECKOUT_ORIGINS is unset: no checkout page may frame the card fields, so no payer can type a card here (docs/security.md "Card data")');
    if (settings.processors.size === 0) console.warn('Card vault: no VAULT_FORWARD_<name> is set: it forwards card calls to no processor, so no typed card can be charged through it (docs/security.md "Card data")');
    // SIGTERM drains (VAULT_SHUTDOWN_DRAIN_MS: /health at 503 while it still serves, for the balancer
    // to take it out); SIGINT (Ctrl+C) and a parent's end stop at once. A second signal exits at once.
    let stopping = false;
    const stop = (drainMs: number) => () => {
      if (stopping) process.exit(0);
      stopping = true;
      void vault.close({ drainMs }).then(() => database.close()).then(() => process.exit(0));
    };
    process.on('SIGINT', stop(0));
    process.on('SIGTERM', stop(settings.shutdownDrainMs));
    // Started by npm start, over a channel to it: it stops when that process ends, even killed, and
    // leaves no card vault holding its port and its store.
    if (process.send) process.once('disconnect', () => void (stopping || stop(0)()));
  },
  (error: unknown) => fail(error instanceof Error ? error.message : String(error)),
);
