// `npm run simulator` (dist/simulator.mjs); its environment variables are listed in docs/sandbox.md.
import { join, resolve } from 'node:path';
import { apiSecretProblem } from './apiDoor';
import { startSimulator } from './startSimulator';

const port = Number(process.env['SIMULATOR_PORT'] || 0);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`SIMULATOR_PORT must be a port number (got ${process.env['SIMULATOR_PORT']})`);
  process.exit(1);
}
const publicUrl = process.env['SIMULATOR_PUBLIC_URL'] || undefined;
if (publicUrl !== undefined && !/^https?:\/\/[^/?#]+\/?$/.test(publicUrl)) {
  console.error(`SIMULATOR_PUBLIC_URL must be an http(s) origin, such as https://issuer.example (got ${publicUrl})`);
  process.exit(1);
}
const apiSecret = process.env['SIMULATOR_API_SECRET'] || '';
const secretProblem = apiSecretProblem(apiSecret);
if (secretProblem) {
  console.error(secretProblem);
  process.exit(1);
}
const journal = process.env['SIMULATOR_JOURNAL'] === 'memory' ? undefined : resolve(process.env['SIMULATOR_JOURNAL'] || join(process.env['DATA_DIR'] || '.data', 'simulator.jsonl'));
startSimulator({ port, apiSecret, host: process.env['SIMULATOR_HOST'] || undefined, journal, notificationSecret: process.env['SIMULATOR_NOTIFICATION_SECRET'] || undefined, publicUrl }).then(
  (simulator) => {
    // The first line is what a parent process (scripts/start.mjs) reads to find it.
    console.log(`Simulated processors listening on ${simulator.url}${journal ? ` (books in ${journal})` : ' (books in memory)'}`);
    const stop = () => simulator.close().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    // Started by npm start, over a channel to it: it stops when that process ends, even killed, and
    // leaves no simulator holding its port and its journal.
    if (process.send) process.once('disconnect', stop);
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
