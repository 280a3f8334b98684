import { describe, expect, it } from 'vitest';
import { customFieldValue, parseCustomFields } from './customFields';

// one entry as the list reads it at its place (index) in the list
const parseCustomField = (raw: unknown, source: 'link' | 'merchant', index = 0) =>
  parseCustomFields([...Array.from({ length: index }, () => ({})), raw], source)[index] ?? null;

describe('SPEC 3 "Custom field"', () => {
  it('"id (prefixed CF), type (lowercase; default ... string for merchant config)"', () => {
    const [field] = parseCustomFields('[{"id":12,"type":"TEXT","nameOrLabel":"Cedula","required":true}]', 'merchant');
    expect(field).toEqual({ id: 'CF12', type: 'text', description: '', nameOrLabel: 'Cedula', value: null, required: true, options: [] });
  });

  it('"default hidden for link values"', () => {
    expect(parseCustomField({ id: 'CF3', value: 'x' }, 'link')?.type).toBe('hidden');
    expect(parseCustomField({ id: 'cf3' }, 'merchant')).toMatchObject({ id: 'CF3', type: 'string' });
    expect(parseCustomField({}, 'merchant', 4)?.id).toBe('CF5');
    // an empty id counts as none; an id is read without spaces; CF counts only as a prefix
    expect(parseCustomField({ id: '' }, 'merchant', 2)?.id).toBe('CF3');
    expect(parseCustomField({ id: '  ' }, 'merchant', 2)?.id).toBe('CF3');
    expect(parseCustomField({ id: ' 7 ' }, 'merchant')?.id).toBe('CF7');
    expect(parseCustomField({ id: 'ABCF1' }, 'merchant')?.id).toBe('CFABCF1');
    expect(parseCustomField({ type: ' TEXT ' }, 'merchant')?.type).toBe('text');
  });

  it('"\'options\' has a list of choices"', () => {
    const options = [
      parseCustomField({ type: 'options', options: 'S, M ,L' }, 'merchant')?.options,
      parseCustomField({ type: 'Options', options: ['S', 2] }, 'merchant')?.options,
      parseCustomField({ type: 'options', options: [{ value: 'S', label: 'Small' }, { id: 2 }, { nothing: true }, '', null, { label: null }] }, 'merchant')?.options,
      parseCustomField({ type: 'string', options: ['S'] }, 'merchant')?.options,
      parseCustomField({ type: 'options', options: 5 }, 'merchant')?.options,
    ];
    expect(options).toEqual([
      [{ label: 'S', value: 'S' }, { label: 'M', value: 'M' }, { label: 'L', value: 'L' }],
      [{ label: 'S', value: 'S' }, { label: '2', value: '2' }],
      [{ label: 'Small', value: 'S' }, { label: '2', value: '2' }],
      [],
      [],
    ]);
  });

  it.each([
    ['12', 12],
    ['12.50', 12.5],
    ['-3', -3],
    ['0012', '0012'],
    ['12a', '12a'],
    [' 12 ', 12],
    [7, 7],
    [Number.NaN, null],
    [true, 'true'],
    [null, null],
    [undefined, null],
  ])('"value (numeric strings become numbers)": %j -> %j', (input, output) => {
    expect(customFieldValue(input)).toEqual(output);
  });

  it.each([
    ['', []],
    ['not json', []],
    ['{"id":1}', []],
    [null, []],
  ])('bad or empty input %j gives []', (input, out) => {
    expect(parseCustomFields(input, 'merchant')).toEqual(out);
  });

  it('skips entries that are not objects and reads label, name and required flags', () => {
    const fields = parseCustomFields(
      [1, { label: 'A', required: 'yes' }, { name: 'B', required: 0 }, { description: 'C', required: '1' }, { required: 1 }, { required: 'TRUE' }, { required: 'Y' }, { required: 'no' }],
      'link',
    );
    expect(fields.map((f) => [f.id, f.nameOrLabel, f.required])).toEqual([
      ['CF2', 'A', true],
      ['CF3', 'B', false],
      ['CF4', 'C', true],
      ['CF5', '', true],
      ['CF6', '', true],
      ['CF7', '', true],
      ['CF8', '', false],
    ]);
  });
});
