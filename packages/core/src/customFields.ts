import * as v from 'valibot';

interface CustomFieldOption {
  label: string;
  value: string;
}

export interface CustomField {
  id: string;
  type: string;
  description: string;
  nameOrLabel: string;
  value: string | number | null;
  required: boolean;
  options: CustomFieldOption[];
}

type CustomFieldSource = 'link' | 'merchant';

const scalar = v.union([v.string(), v.number(), v.boolean(), v.null()]);
const RawCustomFieldSchema = v.looseObject({
  id: v.optional(v.union([v.string(), v.number()])),
  type: v.optional(v.nullable(v.string())),
  description: v.optional(v.nullable(v.string())),
  nameOrLabel: v.optional(v.nullable(v.string())),
  name: v.optional(v.nullable(v.string())),
  label: v.optional(v.nullable(v.string())),
  value: v.optional(scalar),
  required: v.optional(v.union([v.boolean(), v.string(), v.number(), v.null()])),
  options: v.optional(v.unknown()),
});

function withPrefix(id: string | number | undefined, index: number): string {
  const text = id === undefined || String(id).trim() === '' ? String(index + 1) : String(id).trim();
  return /^CF/i.test(text) ? `CF${text.slice(2)}` : `CF${text}`;
}

/** '0012' keeps its zeros as text. */
export function customFieldValue(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = String(value);
  return /^-?(0|[1-9]\d*)(\.\d+)?$/.test(text.trim()) ? Number(text.trim()) : text;
}

function optionsOf(raw: unknown): CustomFieldOption[] {
  const list: unknown[] = typeof raw === 'string' ? raw.split(/[,|]/) : Array.isArray(raw) ? raw : [];
  const out: CustomFieldOption[] = [];
  for (const item of list) {
    if (typeof item === 'string' || typeof item === 'number') {
      const text = String(item).trim();
      if (text !== '') out.push({ label: text, value: text });
    } else if (item && typeof item === 'object') {
      const o = item as Record<string, unknown>;
      const value = o.value ?? o.id ?? o.label;
      const label = o.label ?? o.description ?? o.name ?? value;
      if (value !== undefined && value !== null) out.push({ label: String(label), value: String(value) });
    }
  }
  return out;
}

function truthy(value: unknown): boolean {
  return value === true || value === 1 || (typeof value === 'string' && ['true', '1', 'yes', 'y'].includes(value.toLowerCase()));
}

function parseCustomField(raw: unknown, source: CustomFieldSource, index = 0): CustomField | null {
  const parsed = v.safeParse(RawCustomFieldSchema, raw);
  if (!parsed.success) return null;
  const f = parsed.output;
  const type = (f.type ?? '').trim().toLowerCase() || (source === 'link' ? 'hidden' : 'string');
  return {
    id: withPrefix(f.id, index),
    type,
    description: f.description ?? '',
    nameOrLabel: f.nameOrLabel ?? f.label ?? f.name ?? f.description ?? '',
    value: customFieldValue(f.value),
    required: truthy(f.required),
    options: type === 'options' ? optionsOf(f.options) : [],
  };
}

export function parseCustomFields(raw: unknown, source: CustomFieldSource): CustomField[] {
  let list: unknown = raw;
  if (typeof raw === 'string') {
    if (raw.trim() === '') return [];
    try {
      list = JSON.parse(raw) as unknown;
    } catch {
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  const out: CustomField[] = [];
  list.forEach((item, i) => {
    const field = parseCustomField(item, source, i);
    if (field) out.push(field);
  });
  return out;
}
