import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwordHash';

// PRODUCT.md: "passwords hashed with scrypt"; the stored form names its cost so it can change.
describe('password hashes', () => {
  it('verify the password they were made from, and no other', async () => {
    const stored = await hashPassword('Clave segura 1');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[\w+/=]+\$[\w+/=]+$/);
    expect(await verifyPassword('Clave segura 1', stored)).toBe(true);
    expect(await verifyPassword('Clave segura 2', stored)).toBe(false);
  });

  it('made with another cost still verify with that cost', async () => {
    const cheaper = await hashPassword('Clave segura 1', { N: 1024, r: 8, p: 1 });
    expect(cheaper.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('Clave segura 1', cheaper)).toBe(true);
    expect(await verifyPassword('otra', cheaper)).toBe(false);
  });

  it.each([
    ['another scheme', (h: string) => h.replace(/^scrypt/, 'bcrypt')],
    ['N not a power of two', (h: string) => h.replace('$1024$', '$1000$')],
    ['N beyond 2^20', (h: string) => h.replace('$1024$', '$2097152$')],
    ['r zero', (h: string) => h.replace('$1024$8$', '$1024$0$')],
    ['p not a number', (h: string) => h.replace('$8$1$', '$8$x$')],
    ['no salt', (h: string) => h.split('$').slice(0, 4).join('$')],
  ])('with %s verify nothing', async (_name, spoil) => {
    const stored = await hashPassword('Clave segura 1', { N: 1024, r: 8, p: 1 });
    expect(await verifyPassword('Clave segura 1', spoil(stored))).toBe(false);
  });
});
