// `pasarela listen`'s arguments, read apart from the bin so they can be tested without running it.
import { unknownEventTypesMessage } from './listen';

const USAGE = `Usage: pasarela listen --forward-to <url> [options]

Follows your Pasarela events and forwards each new one to a local server, signed as a webhook.
Your secret key is read from PASARELA_SECRET_KEY.

Options:
  --forward-to <url>       where to POST each event (required)
  --base-url <url>         Pasarela's origin (default http://localhost:4000, the sandbox)
  --webhook-secret <whsec> sign with this secret (default: a new one, printed; or PASARELA_WEBHOOK_SECRET)
  --events <t1,t2>         only these event types (default: all); an unknown type is refused at start
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
  const types = values.get('--events')?.split(',').map((t) => t.trim()).filter((t) => t !== '');
  // A mistyped type would forward nothing, silently: refused here, naming the types there are.
  const unknown = unknownEventTypesMessage(types);
  if (unknown) return `--events: ${unknown}`;
  return {
    forwardTo,
    baseUrl: values.get('--base-url'),
    webhookSecret: values.get('--webhook-secret') ?? env['PASARELA_WEBHOOK_SECRET'],
    types,
    intervalMs: interval === undefined ? undefined : Number(interval),
  };
}
