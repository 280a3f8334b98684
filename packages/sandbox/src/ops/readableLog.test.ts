import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { logFormatOf, readableDestination, readableLine } from './readableLog';

describe('LOG_FORMAT', () => {
  it.each([
    [undefined, true, 'pretty'],
    [undefined, false, 'json'],
    ['', true, 'pretty'],
    ['JSON', true, 'json'],
    ['pretty', false, 'pretty'],
  ] as const)('%j with a terminal %s is %s', (raw, terminal, format) => {
    expect(logFormatOf(raw, terminal)).toBe(format);
  });
  it('refuses anything else, naming the variable', () => {
    expect(() => logFormatOf('yaml', true)).toThrow(/LOG_FORMAT/);
  });
});

describe('readable log lines', () => {
  it('a request is method, path, status and time on one line', () => {
    const json = JSON.stringify({ level: 30, time: '2026-11-23T12:04:31.120Z', service: 'pasarela-sandbox', reqId: 'r1', method: 'POST', path: '/api/v1/cards/auth-capture', route: '/api/v1/cards/auth-capture', status: 200, ms: 12.3, client: '127.0.0.1', msg: 'request' });
    expect(readableLine(json)).toBe('12:04:31 INFO  POST /api/v1/cards/auth-capture 200 12.3 ms');
  });
  it('another line is its message and its own fields, with an error stack below', () => {
    const json = JSON.stringify({ level: 40, time: '2026-11-23T12:04:31.120Z', service: 'pasarela-sandbox', msg: 'timer paused', timer: 'webhooks', err: { message: 'gone', stack: 'Error: gone\n    at here' } });
    expect(readableLine(json)).toBe('12:04:31 WARN  timer paused timer=webhooks\n  Error: gone\n      at here');
  });
  it('a logger writing through it prints readable lines, and still never a secret', () => {
    const out: string[] = [];
    const log = createLogger('info', readableDestination({ write: (text: string) => out.push(text) }));
    log.info({ cardNumber: '4242424242424242', codOper: 'PP0123' }, 'paid');
    expect(out.join('')).toMatch(/^\d\d:\d\d:\d\d INFO  paid cardNumber=\[redacted\] codOper=PP0123\n$/);
  });
  it('a line that is not JSON passes as it is', () => {
    expect(readableLine('plain text\n')).toBe('plain text');
  });
});
