// CLI entry, bundled to packages/sandbox/dist/server.mjs and run by `npm start`.
import { resolve } from 'node:path';
import { startBanner } from './banner';
import { startServer } from './server';

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535 * 1000) {
    throw new Error(`${name} must be a whole number, got ${JSON.stringify(raw)}`);
  }
  return value;
}

async function main(): Promise<void> {
  const port = intFromEnv('PORT', 4000);
  const demoPort = intFromEnv('DEMO_PORT', port + 1);
  const databaseUrl = process.env['DATABASE_URL'] || undefined;
  const dataDir = resolve(process.env['DATA_DIR'] || '.data');
  const splash = process.env['SPLASH_MS'];
  const server = await startServer({
    port,
    demoPort,
    dataDir,
    databaseUrl,
    wireEncoding: process.env['WIRE_ENCODING'] !== 'off',
    splashMs: splash ? intFromEnv('SPLASH_MS', 3000) : undefined,
  });
  const database = databaseUrl ? `PostgreSQL (DATABASE_URL)` : `PGlite in ${dataDir}`;
  console.log(startBanner({ url: server.url, demoUrl: server.demoUrl, database }));

  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`\n${signal}: stopping the sandbox...`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  const code = (error as { code?: unknown }).code;
  if (code === 'EADDRINUSE') console.error(`A port is already in use: ${(error as Error).message}. Set PORT / DEMO_PORT.`);
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
