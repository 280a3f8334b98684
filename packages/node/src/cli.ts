import { listen } from './listen';

// `npx @pasarela/node listen --forward-to http://localhost:3000/hooks`: the package's bin.

const USAGE = `Usage: pasarela listen --forward-to <url> [options]

Follows your Pasarela events and forwards each new one to a local server, signed as a webhook.
Your secret key is read from PASARELA_SECRET_KEY.

Options:
  --forward-to <url>       where to POST each event (required)
  --base-url <url>         Pasarela's origin (default http://localhost:4000, the sandbox)
  --webhook-secret <whsec> sign with this secret (default: a new one, printed; or PASARELA_WEBHOOK_SECRET)
  --events <t1,t2>         only these event types (default: all)
  --interval-ms <n>        how often to look for new events (default 2000)
`;

export interface CliArgs {
  forwardTo: string;
  baseUrl?: string | undefined;
  webhookSecret?: string | undefined;
  types?: string[] | undefined;
  intervalMs?: number | undefined;
}

export function parseListenArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): CliArgs | string {
  const [command, ...rest] = argv;
  if (command !== 'listen') return USAGE;
  const values = new Map<string, string>();
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] ?? '';
    const eq = arg.indexOf('=');
    const [name, value] = eq > 0 ? [arg.slice(0, eq), arg.slice(eq + 1)] : [arg, rest[++i]];
    if (!['--forward-to', '--base-url', '--webhook-secret', '--events', '--interval-ms'].includes(name)) return `Unknown option ${name}\n\n${USAGE}`;
    if (value === undefined) return `${name} needs a value\n\n${USAGE}`;
    values.set(name, value);
  }
  const forwardTo = values.get('--forward-to');
  if (!forwardTo || !/^https?:\/\//.test(forwardTo)) return `--forward-to must be an http(s) URL\n\n${USAGE}`;
  const interval = values.get('--interval-ms');
  if (interval !== undefined && !/^\d{2,6}$/.test(interval)) return '--interval-ms must be a whole number of milliseconds (10 or more)';
  return {
    forwardTo,
    baseUrl: values.get('--base-url'),
    webhookSecret: values.get('--webhook-secret') ?? env['PASARELA_WEBHOOK_SECRET'],
    types: values.get('--events')?.split(',').map((t) => t.trim()).filter((t) => t !== ''),
    intervalMs: interval === undefined ? undefined : Number(interval),
  };
}

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
