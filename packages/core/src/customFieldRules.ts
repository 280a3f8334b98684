import * as v from 'valibot';
import { parseCustomFields, type CustomField } from './customFields';
import { TEXT_LIMITS, freeText } from './freeText';

// Apart from customFields.ts so the checkout, which only reads fields, does not ship these rules.

/** The types the checkout knows (docs/pages.md): a text input (email and phone with their keyboards), a list of choices, or hidden. */
export const CUSTOM_FIELD_TYPES = ['string', 'number', 'email', 'phone', 'options', 'hidden'] as const;
/** As many as a payment's customFieldValues carries (CustomFieldValuesSchema). */
export const CUSTOM_FIELD_LIMITS = { fields: 50, id: 40, label: 120, description: 500, options: 50, option: 200 } as const;

// Each message names its field as customFields.<key> in words the merchant API and the sandbox's
// admin calls say in either language (the sandbox's errorText details).
const text = (field: string, max: number) => v.pipe(
  freeText(max, {
    missingMessage: `customFields.${field} must be a string`, typeMessage: `customFields.${field} must be a string`,
    tooLongMessage: `customFields.${field} is longer than ${max} characters`, charactersMessage: `customFields.${field} must not hold control or bidi characters`,
  }),
  v.trim(),
);

const option = v.pipe(text('options', CUSTOM_FIELD_LIMITS.option), v.minLength(1, 'customFields.options must not be empty'));

/** One field as a merchant writes it; core's rules (SPEC 3 "Custom field") then read it as the checkout will. */
const CustomFieldInputSchema = v.pipe(
  v.custom<Record<string, unknown>>((f) => typeof f === 'object' && f !== null && !Array.isArray(f), 'customFields is not valid'),
  v.strictObject({
    id: v.pipe(
      v.string('customFields.id must be a string'),
      v.regex(new RegExp(`^[A-Za-z0-9_-]{1,${CUSTOM_FIELD_LIMITS.id}}$`), `customFields.id must be 1 to ${CUSTOM_FIELD_LIMITS.id} letters, digits, _ or -`),
    ),
    type: v.pipe(
      v.string('customFields.type must be a string'), v.trim(), v.toLowerCase(),
      v.picklist(CUSTOM_FIELD_TYPES, `customFields.type must be one of: ${CUSTOM_FIELD_TYPES.join(', ')}`),
    ),
    nameOrLabel: v.optional(text('nameOrLabel', CUSTOM_FIELD_LIMITS.label), ''),
    description: v.optional(text('description', CUSTOM_FIELD_LIMITS.description), ''),
    value: v.optional(v.union([text('value', TEXT_LIMITS.customValue), v.pipe(v.number(), v.finite())], 'customFields.value is not valid')),
    required: v.optional(v.boolean('customFields.required must be a boolean'), false),
    options: v.optional(v.pipe(
      v.array(option, 'customFields.options must be an array'),
      v.minLength(1, 'customFields.options must not be empty'),
      v.maxLength(CUSTOM_FIELD_LIMITS.options, `customFields.options must be at most ${CUSTOM_FIELD_LIMITS.options}`),
    )),
  }),
  // A field the payer fills in says what it asks; a hidden one only carries its value.
  v.check((f) => f.type === 'hidden' || f.nameOrLabel !== '', 'customFields.nameOrLabel is required'),
  v.check((f) => f.type !== 'hidden' || f.value !== undefined, 'customFields.value is required'),
  // "'options' has a list of choices": the list on that type, and only there.
  v.check((f) => f.type !== 'options' || f.options !== undefined, 'customFields.options is required'),
  v.check((f) => f.type === 'options' || f.options === undefined, 'customFields.options is not a field this call takes'),
  v.check((f) => f.options === undefined || f.value === undefined || f.options.includes(String(f.value)), 'customFields.value is not valid'),
);

/**
 * A link's custom fields as its merchant sets them (merchant API and POST /sandbox/links): up to 50,
 * each with an id (CF is put in front, as core reads it) that no other field of the link has, and a
 * type (the link's default, hidden, is never guessed); kept in the shape core's parseCustomFields
 * reads, which is what the checkout shows.
 */
export const LinkCustomFieldsSchema = v.pipe(
  v.array(CustomFieldInputSchema, 'customFields must be an array'),
  v.maxLength(CUSTOM_FIELD_LIMITS.fields, `customFields must be at most ${CUSTOM_FIELD_LIMITS.fields}`),
  v.transform((fields): CustomField[] => parseCustomFields(fields, 'link')),
  v.check((fields) => new Set(fields.map((f) => f.id.toUpperCase())).size === fields.length, 'customFields.id is already in use'),
);

/** What the payer answered to one custom field, as the merchant reads it with the payment. */
export interface CustomFieldAnswer {
  /** The field's id, CF in front (core parseCustomFields). */
  id: string;
  /** Its nameOrLabel, else its description, else its id. */
  label: string;
  /** Numeric text becomes a number ("0012" stays text); empty is null (core customFieldValue). */
  value: string | number | null;
}

export const CustomFieldAnswersSchema = v.array(v.object({ id: v.string(), label: v.string(), value: v.nullable(v.union([v.string(), v.number()])) }));

/** The answers a payment keeps from the customFieldValues it was sent with (SPEC 3), hidden fields' values included. */
export function customFieldAnswersOf(values: readonly unknown[] | undefined): CustomFieldAnswer[] {
  return parseCustomFields(values ?? [], 'link').map((f) => ({ id: f.id, label: f.nameOrLabel || f.description || f.id, value: f.value }));
}
