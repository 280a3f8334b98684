import { describe, expect, it } from 'vitest';
import { openApiDocument } from './openApiDocument';

// The OpenAPI document's examples are what a merchant's developer copies into fixtures: each id in
// them has the shape the server gives that object's ids (migrations: the prefix and a UUID's 32 hex
// digits), so a client's own check of an id passes on the example as on a real answer.

const PREFIXES = ['dp', 'po', 'txn', 'evt', 're', 'we', 'whd'] as const;
const ID_LIKE = new RegExp(`^(${PREFIXES.join('|')})_`);

function stringsIn(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(stringsIn);
  if (typeof node === 'object' && node !== null) return Object.values(node).flatMap(stringsIn);
  return [];
}

function examplesIn(node: unknown): unknown[] {
  if (Array.isArray(node)) return node.flatMap(examplesIn);
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) => (key === 'example' ? [value] : examplesIn(value)));
}

describe('the ids in the OpenAPI document\'s examples', () => {
  const ids = [...new Set(examplesIn(openApiDocument('https://checkout.example')).flatMap(stringsIn).filter((s) => ID_LIKE.test(s)))];

  it('are there, of each kind', () => {
    expect(new Set(ids.map((id) => id.split('_')[0]))).toEqual(new Set(PREFIXES));
  });

  it.each(ids)('%s is its prefix and 32 hex digits', (id) => {
    expect(id).toMatch(/^[a-z]+_[0-9a-f]{32}$/);
  });
});
