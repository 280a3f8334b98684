import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp';
import { lastMailedCode } from '../../../test/mailedCode';

// SPEC 7 "POST recovery password", step 3: a new password the rules refuse is said so, and changes nothing.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'Segura#2026';

const lastCode = (email: string) => lastMailedCode(t, email);

describe('password recovery, step 3', () => {
  it.each([['weak', 'invalid_password'], ['', 'invalid_password'], [5, 'missing_arguments'], ['Nueva#2027\tx', 'invalid_characters']])('refuses a new password %j (%s), never read as step 2\'s check, and keeps the old one', async (newPassword, refusal) => {
    await t.admin('POST', '/users', { email: `debil${String(newPassword).length}@example.com`, login: `debil${String(newPassword).length}`, password: PASSWORD });
    const idUsr = (await t.post('/users/recovery-password', { loginOrEmail: `debil${String(newPassword).length}` })).data['idUsr'];
    const code = await lastCode(`debil${String(newPassword).length}@example.com`);
    const refused = await t.post('/users/recovery-password', { idUsr, confirmationCode: code, newPassword });
    expect([refused.status, refused.data['code']]).toEqual([400, refusal]);
    expect((await t.post('/users/login', { login: `debil${String(newPassword).length}`, password: PASSWORD })).status).toBe(200);
    // The code was not spent by the refusal: a strong password then goes through.
    expect((await t.post('/users/recovery-password', { idUsr, confirmationCode: code, newPassword: 'Fuerte#2029x' })).data).toMatchObject({ step: 4 });
  });
});
