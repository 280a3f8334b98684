import { describe, expect, it } from 'vitest';
import { rowAfterAction } from './rowAfterAction';

describe('rowAfterAction: where the focus goes once a payment acted on lost the control pressed', () => {
  it.each([
    ['still listed: the payment itself', ['A', 'B', 'C'], ['A', 'B', 'C'], 'B', 'B'],
    ['filtered out: the payment now in its place', ['A', 'B', 'C'], ['A', 'C'], 'B', 'C'],
    ['filtered out with its neighbour: the next one still listed', ['A', 'B', 'C', 'D'], ['A', 'D'], 'B', 'D'],
    ['the last one filtered out: the one before it', ['A', 'B', 'C'], ['A', 'B'], 'C', 'B'],
    ['a new payment arrived at the top meanwhile: still the one after it', ['A', 'B', 'C'], ['N', 'A', 'C'], 'B', 'C'],
    ['the only one filtered out: none', ['A'], [], 'A', null],
    ['never seen listed: the first one listed', [], ['A', 'B'], 'X', 'A'],
  ] as const)('%s', (_, before, after, settled, expected) => {
    expect(rowAfterAction(before, after, settled)).toBe(expected);
  });
});
