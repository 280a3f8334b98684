import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { LinkCustomFieldsSchema, customFieldAnswersOf } from './customFieldRules';

// SPEC 3 "Custom field": id (prefixed CF), type (lowercase; default hidden for link values, string for
// merchant config; 'options' has a list of choices), description, nameOrLabel, value (numeric strings
// become numbers), required, options.

const parse = (fields: unknown) => v.safeParse(LinkCustomFieldsSchema, fields);
const messageOf = (fields: unknown) => parse(fields).issues?.[0]?.message;

describe('a link\u2019s custom fields as its merchant sets them', () => {
  it('"id (prefixed CF), type (lowercase ...)": kept as core reads them, which is what the checkout shows', () => {
    const result = parse([
      { id: 'cedula', type: 'STRING', nameOrLabel: ' Cédula ', required: true },
      { id: 'CF2', type: 'options', nameOrLabel: 'Sucursal', options: ['Centro', 'Costa'] },
      { id: 'order', type: 'hidden', value: '0012' },
      { id: 'n', type: 'number', nameOrLabel: 'Edad', value: 30 },
    ]);
    expect(result.success).toBe(true);
    expect(result.output).toEqual([
      { id: 'CFcedula', type: 'string', description: '', nameOrLabel: 'Cédula', value: null, required: true, options: [] },
      { id: 'CF2', type: 'options', description: '', nameOrLabel: 'Sucursal', value: null, required: false, options: [{ label: 'Centro', value: 'Centro' }, { label: 'Costa', value: 'Costa' }] },
      { id: 'CForder', type: 'hidden', description: '', nameOrLabel: '', value: '0012', required: false, options: [] },
      { id: 'CFn', type: 'number', description: '', nameOrLabel: 'Edad', value: 30, required: false, options: [] },
    ]);
  });

  it.each([
    ['not a list', { id: '1' }, 'customFields must be an array'],
    ['an entry that is no object', ['x'], 'customFields is not valid'],
    ['no id', [{ type: 'string', nameOrLabel: 'A' }], 'Invalid key: Expected "id" but received undefined'],
    ['an id that is a number', [{ id: 1, type: 'string', nameOrLabel: 'A' }], 'customFields.id must be a string'],
    ['an id with spaces', [{ id: 'a b', type: 'string', nameOrLabel: 'A' }], 'customFields.id must be 1 to 40 letters, digits, _ or -'],
    ['no type (a link\u2019s default would hide it)', [{ id: '1', nameOrLabel: 'A' }], 'Invalid key: Expected "type" but received undefined'],
    ['an unknown type', [{ id: '1', type: 'date', nameOrLabel: 'A' }], 'customFields.type must be one of: string, number, email, phone, options, hidden'],
    ['a shown field without label', [{ id: '1', type: 'string' }], 'customFields.nameOrLabel is required'],
    ['a hidden field without value', [{ id: '1', type: 'hidden' }], 'customFields.value is required'],
    ['"\'options\' has a list of choices": none given', [{ id: '1', type: 'options', nameOrLabel: 'A' }], 'customFields.options is required'],
    ['choices on a text field', [{ id: '1', type: 'string', nameOrLabel: 'A', options: ['x'] }], 'customFields.options is not a field this call takes'],
    ['an empty choice', [{ id: '1', type: 'options', nameOrLabel: 'A', options: [' '] }], 'customFields.options must not be empty'],
    ['a value that is not a choice', [{ id: '1', type: 'options', nameOrLabel: 'A', options: ['x'], value: 'y' }], 'customFields.value is not valid'],
    ['a value that is no text nor number', [{ id: '1', type: 'hidden', value: true }], 'customFields.value is not valid'],
    ['an unknown key', [{ id: '1', type: 'string', nameOrLabel: 'A', label: 'B' }], 'Invalid key: Expected never but received "label"'],
    ['required not a boolean', [{ id: '1', type: 'string', nameOrLabel: 'A', required: 'yes' }], 'customFields.required must be a boolean'],
    ['a label with a control character', [{ id: '1', type: 'string', nameOrLabel: 'A\u0007' }], 'customFields.nameOrLabel must not hold control or bidi characters'],
    ['a label too long', [{ id: '1', type: 'string', nameOrLabel: 'A'.repeat(121) }], 'customFields.nameOrLabel is longer than 120 characters'],
    ['the same id twice, CF in front or not', [{ id: '1', type: 'string', nameOrLabel: 'A' }, { id: 'CF1', type: 'string', nameOrLabel: 'B' }], 'customFields.id is already in use'],
    ['more than 50 fields', Array.from({ length: 51 }, (_, i) => ({ id: String(i), type: 'hidden', value: i })), 'customFields must be at most 50'],
  ])('refuses %s', (_case, fields, message) => {
    expect(messageOf(fields)).toBe(message);
  });
});

describe('the payer\u2019s answers a payment keeps', () => {
  it.each([
    ['as the checkout sends them', [{ id: 'CF1', nameOrLabel: 'Cédula', type: 'string', value: '8-123-456' }], [{ id: 'CF1', label: 'Cédula', value: '8-123-456' }]],
    ['"numeric strings become numbers" ("0012" keeps its zeros)', [{ id: 'CF2', nameOrLabel: 'N', value: '42' }, { id: 'CF3', nameOrLabel: 'O', value: '0012' }], [{ id: 'CF2', label: 'N', value: 42 }, { id: 'CF3', label: 'O', value: '0012' }]],
    ['an empty answer is null', [{ id: 'CF1', nameOrLabel: 'A', value: null }], [{ id: 'CF1', label: 'A', value: null }]],
    ['without a label: its description, else its id', [{ id: 'CF1', description: 'Desc', value: 'x' }, { id: 'ref', value: 'y' }], [{ id: 'CF1', label: 'Desc', value: 'x' }, { id: 'CFref', label: 'CFref', value: 'y' }]],
    ['what is no field is left out', ['text', 3, null], []],
    ['none sent', undefined, []],
  ])('%s', (_case, values, answers) => {
    expect(customFieldAnswersOf(values)).toEqual(answers);
  });
});
