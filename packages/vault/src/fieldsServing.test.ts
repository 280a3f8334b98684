import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_ORIGIN, testVault, type TestVault } from './testing/testVault';

let vault: TestVault;
beforeAll(async () => {
  vault = await testVault();
});
afterAll(async () => {
  await vault.close();
});

/** The fields page's raw answer: its bytes as sent, not decoded (fetch would inflate them). */
function rawFields(acceptEncoding?: string): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const url = new URL(`${vault.url}/fields?lang=es&parent=${encodeURIComponent(CHECKOUT_ORIGIN)}&brands=VISA,MC`);
  return new Promise((resolve, reject) => {
    const asked = request(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => resolve({ headers: answer.headers, body: Buffer.concat(chunks) }));
      answer.on('error', reject);
    });
    asked.on('error', reject);
    asked.end();
  });
}

const SAME_HEADERS = ['content-type', 'content-security-policy', 'x-content-type-options', 'referrer-policy', 'cache-control', 'vary'];

describe('GET /fields on the wire', () => {
  it('goes gzipped to a browser that takes gzip, the same page under the same headers', async () => {
    const plain = await rawFields();
    const zipped = await rawFields('gzip, deflate, br');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    // Its budget (e2e/budgets) counts the page gzipped: what the payer's browser now downloads.
    expect(zipped.body.length).toBeLessThan(plain.body.length / 2);
    expect(Number(zipped.headers['content-length'])).toBe(zipped.body.length);
    for (const name of SAME_HEADERS) expect([name, zipped.headers[name]]).toEqual([name, plain.headers[name]]);
    expect(plain.headers['vary']).toBe('Accept-Encoding');
    // Kept by the payer's browser for ten minutes: a reopened checkout's fields come from its cache.
    expect(plain.headers['cache-control']).toBe('private, max-age=600');
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
    expect(plain.headers['referrer-policy']).toBe('no-referrer');
  });

  it('stays plain for a client that does not take gzip', async () => {
    const answer = await rawFields('br');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString('utf8')).toMatch(/^<!doctype html>/);
  });
});
