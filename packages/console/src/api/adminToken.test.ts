import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_KEY, takeAdminToken } from './adminToken';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('takeAdminToken', () => {
  it('takes the token from the fragment, keeps it for the tab and wipes it from the address', () => {
    const storage = memoryStorage();
    const replaced: string[] = [];
    expect(takeAdminToken({ hash: '#token=abc123', pathname: '/sandbox/console', search: '?lang=en' }, storage, (u) => replaced.push(u))).toBe('abc123');
    expect(storage.data.get(ADMIN_TOKEN_KEY)).toBe('abc123');
    expect(replaced).toEqual(['/sandbox/console?lang=en']);
  });
  it("reads the tab's stored token when the address has none, and null without either", () => {
    const replaced: string[] = [];
    expect(takeAdminToken({ hash: '', pathname: '/sandbox/console', search: '' }, memoryStorage({ [ADMIN_TOKEN_KEY]: 'kept' }), (u) => replaced.push(u))).toBe('kept');
    expect(takeAdminToken({ hash: '', pathname: '/sandbox/console', search: '' }, memoryStorage(), (u) => replaced.push(u))).toBeNull();
    expect(replaced).toEqual([]);
  });
  it('works in a tab denied storage (the token lasts the page)', () => {
    const denied = { getItem: () => { throw new Error('SecurityError'); }, setItem: () => { throw new Error('SecurityError'); } };
    expect(takeAdminToken({ hash: '#token=t1', pathname: '/sandbox/console', search: '' }, denied, () => undefined)).toBe('t1');
    expect(takeAdminToken({ hash: '', pathname: '/sandbox/console', search: '' }, denied, () => undefined)).toBeNull();
  });
});
