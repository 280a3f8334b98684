// CLI entry, bundled to packages/sandbox/dist/server.mjs and run by `npm start`.
import { startBanner } from './banner';
import { startServer } from './server';
import { readSettings } from './settings';

async function main(): Promise<void> {
  const settings = readSettings(process.env);
  const server = await startServer(settings);
  const { databaseUrl, dataDir } = settings;
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
