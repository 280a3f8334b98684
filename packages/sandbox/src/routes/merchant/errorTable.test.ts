import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from './openApiDocument';

// docs/merchant-api.md "Errors" is where a merchant's developer looks a code up: every code an
// operation of the OpenAPI document answers, and every `<status> <code>` the page itself names,
// is in its table under that status.

const doc = readFileSync(new URL('../../../../../docs/merchant-api.md', import.meta.url), 'utf8');
const [before = '', after = ''] = doc.split('\n## Errors\n');
const table = after.split('\n## ')[0] ?? '';
const codesByStatus = new Map([...table.matchAll(/^\| (\d{3}) \| (.+?) \|/gm)].map((row) => [row[1] ?? '', new Set([...(row[2] ?? '').matchAll(/`([a-z_]+)`/g)].map((m) => m[1] ?? ''))]));
/** Backticked words of an answer's description that are fields of the Error body, not codes. */
const ERROR_FIELDS = new Set(['code', 'message']);

describe('the Errors table of docs/merchant-api.md', () => {
  it('has every code the OpenAPI document says an operation answers, under its status', () => {
    const paths = openApiDocument('http://checkout.test').paths as Record<string, Record<string, { responses: Record<string, { description: string }> }>>;
    const missing: string[] = [];
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(operations)) {
        for (const [status, answer] of Object.entries(op.responses)) {
          if (!/^[45]\d\d$/.test(status)) continue;
          for (const [, code = ''] of answer.description.matchAll(/`([a-z_]+)`/g)) {
            if (!ERROR_FIELDS.has(code) && !codesByStatus.get(status)?.has(code)) missing.push(`${status} ${code} (${method.toUpperCase()} ${path})`);
          }
        }
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });

  it('has every `<status> <code>` the page names above it', () => {
    const named = [...before.matchAll(/`(\d{3}) ([a-z_]+)`/g)].map(([, status = '', code = '']) => ({ status, code }));
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter(({ status, code }) => !codesByStatus.get(status)?.has(code)).map(({ status, code }) => `${status} ${code}`)).toEqual([]);
  });
});
