import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { DEFAULT_PROFILE_PHOTO, UserProfileSchema, buildRegistrationPayload, readSession } from './profile';

describe('SPEC 3 "User profile: photo (a default image is used when none), ..."', () => {
  it.each([
    [null, DEFAULT_PROFILE_PHOTO], [undefined, DEFAULT_PROFILE_PHOTO], ['  ', DEFAULT_PROFILE_PHOTO], ['/images/u/1.png', '/images/u/1.png'],
  ])('photo %j -> %s', (photo, shown) => {
    expect(v.parse(UserProfileSchema, { photo, name: 'Ana' }).photo).toBe(shown);
  });
});

describe('SPEC 3 "Session (local storage under a widget key): sessionId, token, user.idUsr"', () => {
  it.each([
    ['{"sessionId":"s","token":"t","user":{"idUsr":7,"name":"Ana"}}', { sessionId: 's', token: 't', user: { idUsr: 7, name: 'Ana' } }],
    ['{"sessionId":"s","token":"","user":{"idUsr":7}}', null],
    ['{"sessionId":"s","token":"t"}', null],
    ['not json', null],
    ['', null],
    [null, null],
  ])('%j -> %j', (text, session) => {
    expect(readSession(text)).toEqual(session);
  });
});

describe('SPEC 3 "Registration payload"', () => {
  const input = { email: ' ana@example.com ', name: 'Ana', lastname: 'Diaz', phone: '+50761111111', password: 'Abcdef1!', country: 'PA', address1: 'Calle 5' };
  it('"password (sent as pwd in one call)", "howArrive (default PWW)", random login "user-" plus a number', () => {
    const p = buildRegistrationPayload({ ...input, random: () => 0.5 });
    expect(p).toEqual({ email: 'ana@example.com', login: 'user-4999999', name: 'Ana', lastname: 'Diaz', phone: '+50761111111', pwd: 'Abcdef1!', country: 'PA', address1: 'Calle 5', howArrive: 'PWW' });
    expect(p).not.toHaveProperty('password');
  });

  it('keeps a chosen login, city, email code and channel', () => {
    const p = buildRegistrationPayload({ ...input, login: ' ana ', city: 'David', emailCode: '123456', howArrive: 'CHK' });
    expect(p).toMatchObject({ login: 'ana', city: 'David', emailCode: '123456', howArrive: 'CHK' });
    // a blank login is none: the random one is used
    expect(buildRegistrationPayload({ ...input, login: '   ', random: () => 0 }).login).toBe('user-0');
  });
});
