import type { CatalogKey } from '@pasarela/core';
import { createStore } from 'zustand/vanilla';
import { customFieldValue, PasarelaError, type CustomField } from '@pasarela/core';
import { t } from '../../i18n/i18n';

export interface CustomFieldValue {
  id: string;
  nameOrLabel: string;
  type: string;
  value: string | number | null;
}

export interface CustomFieldsState {
  values: Record<string, string>;
  errors: Record<string, CatalogKey>;
  focusField: { id: string } | null;
}

export function visibleFields(fields: readonly CustomField[]): CustomField[] {
  return fields.filter((f) => f.type !== 'hidden');
}

export function createCustomFieldsStore(fields: readonly CustomField[]) {
  const initial: Record<string, string> = {};
  for (const f of fields) initial[f.id] = f.value === null ? '' : String(f.value);
  const store = createStore<CustomFieldsState & { setValue(id: string, value: string): void; collect(): CustomFieldValue[] }>()((set, get) => ({
    values: initial,
    errors: {},
    focusField: null,
    setValue(id, value) {
      const errors = { ...get().errors };
      delete errors[id];
      set({ values: { ...get().values, [id]: value }, errors });
    },
    collect() {
      const { values } = get();
      const errors: Record<string, CatalogKey> = {};
      for (const f of visibleFields(fields)) {
        if (f.required && (values[f.id] ?? '').trim() === '') errors[f.id] = 'field_required';
      }
      const first = visibleFields(fields).find((f) => errors[f.id]);
      // A new object each time: a second Pay with the same field empty moves the focus again.
      set({ errors, focusField: first ? { id: first.id } : null });
      if (first) {
        // Shown above the card form; each empty field says field_required under itself.
        throw new PasarelaError({ code: 'missing_arguments', category: 'validation', serverMessage: t('custom_fields_missing') });
      }
      return fields.map((f) => ({ id: f.id, nameOrLabel: f.nameOrLabel, type: f.type, value: customFieldValue((values[f.id] ?? '').trim() === '' ? null : (values[f.id] ?? '').trim()) }));
    },
  }));
  return store;
}
export type CustomFieldsStore = ReturnType<typeof createCustomFieldsStore>;
