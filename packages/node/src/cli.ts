import { listen } from './listen';
import { parseListenArgs } from './listenArgs';

// `npx @pasarela/node listen --forward-to http://localhost:3000/hooks`: the package's bin.

async function main(): Promise<number> {
  const args = parseListenArgs(process.argv.slice(2), process.env);
  if (typeof args === 'string') {
    process.stderr.write(`${args}\n`);
    return 2;
  }
  const secretKey = process.env['PASARELA_SECRET_KEY'];
  if (!secretKey) {
    process.stderr.write('Set PASARELA_SECRET_KEY to your secret key (sk_test_... in the sandbox)\n');
    return 2;
  }
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  process.once('SIGTERM', () => stop.abort());
  try {
    await listen({ ...args, secretKey, signal: stop.signal });
    return 0;
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

process.exitCode = await main();
