import { describe, expect, it } from 'vitest';
import { AdminError, createAdminApi } from './adminApi';

describe('the admin API client', () => {
  it("asks for the server's messages in the console's language of the moment, whatever the browser's", async () => {
    const asked: Array<string | null> = [];
    const fetchImpl = (async (input: Request) => {
      asked.push(input.headers.get('accept-language'));
      return new Response(JSON.stringify({ code: 'charge_disputed', message: 'The charge is disputed' }), { status: 409, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
    let lang = 'en';
    const api = createAdminApi('http://console.test/sandbox/', fetchImpl, () => null, () => lang);
    await expect(api.refund('PP000000000001')).rejects.toBeInstanceOf(AdminError);
    lang = 'es';
    await expect(api.refund('PP000000000001')).rejects.toMatchObject({ code: 'charge_disputed' });
    expect(asked).toEqual(['en', 'es']);
  });
  it('keeps the language an error was worded in, so a switch after it can word it anew', async () => {
    const fetchImpl = (async () => new Response(JSON.stringify({ code: 'slug_taken', message: 'El slug ya se usa' }), { status: 400, headers: { 'content-type': 'application/json' } })) as unknown as typeof fetch;
    let lang = 'es';
    const api = createAdminApi('http://console.test/sandbox/', fetchImpl, () => null, () => lang);
    await expect(api.createLink({ amount: 5, description: 'x' })).rejects.toMatchObject({ code: 'slug_taken', lang: 'es' });
    lang = 'en';
    await expect(api.createLink({ amount: 5, description: 'x' })).rejects.toMatchObject({ code: 'slug_taken', lang: 'en' });
  });
});
