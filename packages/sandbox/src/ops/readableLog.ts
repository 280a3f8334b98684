import type { DestinationStream } from 'pino';

export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** LOG_FORMAT `json` or `pretty`; unset, a terminal gets `pretty` and anything else `json`. */
export function logFormatOf(raw: string | undefined, isTerminal: boolean): LogFormat {
  const value = (raw ?? '').trim().toLowerCase();
  if (value === '') return isTerminal ? 'pretty' : 'json';
  const format = LOG_FORMATS.find((f) => f === value);
  if (!format) throw new Error(`LOG_FORMAT must be json or pretty, got ${JSON.stringify(raw)}`);
  return format;
}

const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** Shown in their own place, or on every line. */
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'service', 'node', 'msg', 'reqId', 'method', 'path', 'route', 'status', 'ms', 'client', 'err']);

function valueText(value: unknown): string {
  if (typeof value === 'string') return /[\s"=]/.test(value) || value === '' ? JSON.stringify(value) : value;
  return JSON.stringify(value) ?? String(value);
}

/** `12:04:31 INFO  POST /api/v1/cards/auth-capture 200 12.3 ms`, or a message with key=value pairs. */
export function readableLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.trimEnd();
  }
  const time = typeof entry['time'] === 'string' ? entry['time'].slice(11, 19) : '';
  const level = (LEVEL_NAMES[Number(entry['level'])] ?? String(entry['level'])).padEnd(5);
  const isRequest = typeof entry['method'] === 'string' && typeof entry['path'] === 'string' && entry['status'] !== undefined;
  const head = isRequest
    ? `${String(entry['method'])} ${String(entry['path'])} ${String(entry['status'])} ${String(entry['ms'] ?? '?')} ms${entry['msg'] === 'request' ? '' : `  (${String(entry['msg'])})`}`
    : String(entry['msg'] ?? '');
  const extra = Object.entries(entry).filter(([key]) => !SHOWN.has(key)).map(([key, value]) => `${key}=${valueText(value)}`);
  const err = entry['err'] as { message?: unknown; stack?: unknown } | undefined;
  const lines = [[time, level, head, ...extra].filter((part) => part !== '').join(' ')];
  if (err && typeof err === 'object') lines.push(`  ${typeof err.stack === 'string' ? err.stack : String(err.message)}`.replace(/\n/g, '\n  '));
  return lines.join('\n');
}

export function readableDestination(out: { write(text: string): unknown } = process.stdout): DestinationStream {
  return {
    write(chunk: string) {
      for (const line of chunk.split('\n')) if (line.trim() !== '') out.write(`${readableLine(line)}\n`);
    },
  };
}
