import { randomUUID } from 'node:crypto';
import type { TestApp } from './testApp';

const PASSWORD = 'Segura#2026';

/** A wallet user made through the admin API with `balance` dollars, logged in: its Bearer header and its id. */
export async function loggedInWalletUser(t: TestApp, balance: number): Promise<{ auth: { authorization: string }; id: number }> {
  const login = `saldo${randomUUID().slice(0, 8)}`;
  await t.admin('POST', '/users', { email: `${login}@example.com`, login, password: PASSWORD, balance });
  const auth = { authorization: `Bearer ${String((await t.post('/users/login', { login, password: PASSWORD })).data['token'])}` };
  const [user] = await t.db.query<{ id: number }>('select id from users where login = $1', [login]);
  return { auth, id: Number(user?.id) };
}
