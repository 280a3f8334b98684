import { expect, it } from 'vitest';
import { isStationId, isWalletLogin } from './accountIds';

// A station's id goes in its checkout's address; a login is SPEC 8's "only_alphanumeric_characters |
// Alphanumeric only", with the dots, dashes and underscores logins commonly hold.
it.each<[string, boolean]>([
  ['caja-1', true], ['ABC', true], ['a'.repeat(40), true],
  ['ab', false], ['a'.repeat(41), false], ['caja 1', false], ['caja_1', false], ['caja/1', false], ['cajá', false], ['', false],
])('station id %j: %s', (text, taken) => {
  expect(isStationId(text)).toBe(taken);
});

it.each<[string, boolean]>([
  ['ana.diaz', true], ['ana_diaz-2', true], ['abc', true], ['a'.repeat(60), true],
  ['ab', false], ['a'.repeat(61), false], ['ana diaz', false], ['ana@diaz', false], ['añá', false], ['', false],
])('wallet login %j: %s', (text, taken) => {
  expect(isWalletLogin(text)).toBe(taken);
});
