import { describe, expect, it } from 'vitest';
import { jsonNumberLiterals } from './jsonNumberLiterals';

describe('the numbers of a JSON text as written, where JSON.parse keeps only the double', () => {
  it.each<[string, Array<{ path: string; literal: string }>]>([
    ['{"amount":1.1000000000000001}', [{ path: 'amount', literal: '1.1000000000000001' }]],
    ['{ "amount" : 2.5e-1 , "taxAmount":-0.10 }', [{ path: 'amount', literal: '2.5e-1' }, { path: 'taxAmount', literal: '-0.10' }]],
    ['{"description":"1.001 \\" 2.005","amount":3}', [{ path: 'amount', literal: '3' }]],
    ['{"a":{"b":[1,{"c":0.001}],"d":2},"e":[[4]]}', [{ path: 'a.b.0', literal: '1' }, { path: 'a.b.1.c', literal: '0.001' }, { path: 'a.d', literal: '2' }, { path: 'e.0.0', literal: '4' }]],
    ['{"k\\u0041":7,"x":true,"y":null}', [{ path: 'kA', literal: '7' }]],
    ['{}', []],
  ])('%s', (text, literals) => {
    expect(jsonNumberLiterals(text)).toEqual(literals);
  });
});
