import { describe, expect, it } from 'vitest';
import { parseMerchant } from '@pasarela/core';
import { createCustomFieldsStore, visibleFields } from './customFieldsStore';

// SPEC 3 "Custom field: id (prefixed CF), type (lowercase; default hidden for link values, string
// for merchant config; 'options' has a list of choices), ... value (numeric strings become numbers), required, options."
// a link's value as core reads it (parsePaymentInfo), and the merchant's fields as parseMerchant reads them
const link = [{ id: 'CFORDER', type: 'hidden', description: '', nameOrLabel: '', value: '0012', required: false, options: [] }];
const merchant = parseMerchant({ idMerchant: 7, merchantName: 'Demo', customFields: JSON.stringify([
  { id: 1, nameOrLabel: 'Cédula', required: true },
  { id: 2, nameOrLabel: 'Sucursal', type: 'OPTIONS', options: 'Centro,Costa' },
  { id: 3, nameOrLabel: 'Mesa', type: 'number' },
]) }, '').customFields;
const fields = [...link, ...merchant];

describe('custom fields on the payment form, sent as customFieldValues', () => {
  it('hidden link values are not shown; merchant fields are', () => {
    expect(visibleFields(fields).map((f) => f.id)).toEqual(['CF1', 'CF2', 'CF3']);
  });

  it('a required field left empty stops the payment with field_required', () => {
    const store = createCustomFieldsStore(fields);
    expect(() => store.getState().collect()).toThrow();
    expect(store.getState().errors).toEqual({ CF1: 'field_required' });
    // The focus moves to the first required field left empty.
    expect(store.getState().focusField).toEqual({ id: 'CF1' });
    store.getState().setValue('CF1', '8-123-456');
    expect(store.getState().errors).toEqual({});
  });

  it('sends every field with its value, numeric strings as numbers, empty as null', () => {
    const store = createCustomFieldsStore(fields);
    store.getState().setValue('CF1', '8-123-456');
    store.getState().setValue('CF2', 'Costa');
    store.getState().setValue('CF3', '12');
    expect(store.getState().collect()).toEqual([
      { id: 'CFORDER', nameOrLabel: '', type: 'hidden', value: '0012' },
      { id: 'CF1', nameOrLabel: 'Cédula', type: 'string', value: '8-123-456' },
      { id: 'CF2', nameOrLabel: 'Sucursal', type: 'options', value: 'Costa' },
      { id: 'CF3', nameOrLabel: 'Mesa', type: 'number', value: 12 },
    ]);
    store.getState().setValue('CF3', '');
    expect(store.getState().collect().at(-1)?.value).toBeNull();
  });
});
