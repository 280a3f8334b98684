import * as v from 'valibot';
import { PrimedAnswersSchema, SANDBOX_CLIENT_KEY, SANDBOX_WIDGET_KEY, SPLASH_MS, VERSION, type PrimedAnswer } from '@pasarela/core';

// Every field has a default so a bare index.html still runs.
const WidgetConfigSchema = v.object({
  apiBase: v.optional(v.pipe(v.string(), v.minLength(1)), '/api/v1'),
  wireEncoding: v.optional(v.boolean(), true),
  clientKey: v.optional(v.pipe(v.string(), v.minLength(1)), SANDBOX_CLIENT_KEY),
  widgetKey: v.optional(v.pipe(v.string(), v.minLength(1)), SANDBOX_WIDGET_KEY),
  env: v.optional(v.string(), 'demo'),
  splashMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(60_000)), SPLASH_MS),
  version: v.optional(v.string(), VERSION),
  imageBase: v.optional(v.string(), ''),
  /** The card vault's public URL: its fields page is framed by the card form (issue 90). */
  vaultUrl: v.optional(v.string(), ''),
  requestTimeoutMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1_000), v.maxValue(120_000)), 30_000),
});
export type WidgetConfig = v.InferOutput<typeof WidgetConfigSchema>;

export const CONFIG_ELEMENT_ID = 'pasarela-config';

export function readConfig(doc: Document): WidgetConfig {
  const text = doc.getElementById(CONFIG_ELEMENT_ID)?.textContent ?? '';
  let raw: unknown = {};
  try {
    raw = text.trim() === '' ? {} : (JSON.parse(text) as unknown);
  } catch {
    raw = {};
  }
  return parseConfig(raw);
}

export function parseConfig(raw: unknown): WidgetConfig {
  const parsed = v.safeParse(WidgetConfigSchema, raw);
  if (parsed.success) return parsed.output;
  // Keep the good fields of a partly wrong block rather than dropping all of it.
  const fallback = v.parse(WidgetConfigSchema, {});
  if (typeof raw !== 'object' || raw === null) return fallback;
  const merged: WidgetConfig = { ...fallback };
  for (const key of Object.keys(fallback) as Array<keyof WidgetConfig>) {
    const one = v.safeParse(v.partial(WidgetConfigSchema), { [key]: (raw as Record<string, unknown>)[key] });
    if (one.success && one.output[key] !== undefined) Object.assign(merged, { [key]: one.output[key] });
  }
  return merged;
}

export const PRIMED_ELEMENT_ID = 'pasarela-primed';

/** Absent or broken, the widget simply asks the API. */
export function readPrimedAnswers(doc: Document): PrimedAnswer[] {
  const text = doc.getElementById(PRIMED_ELEMENT_ID)?.textContent ?? '';
  if (text.trim() === '') return [];
  try {
    const parsed = v.safeParse(PrimedAnswersSchema, JSON.parse(text) as unknown);
    return parsed.success ? parsed.output : [];
  } catch {
    return [];
  }
}

export const FIRST_TEXTS_ELEMENT_ID = 'pasarela-texts';

/** Absent or broken: null, and the widget waits for its catalogue. */
export function readFirstTexts(doc: Document): Record<string, string> | null {
  const text = doc.getElementById(FIRST_TEXTS_ELEMENT_ID)?.textContent ?? '';
  if (text.trim() === '') return null;
  try {
    const json = JSON.parse(text) as unknown;
    const parsed = v.safeParse(v.record(v.string(), v.string()), json);
    return parsed.success && !Array.isArray(json) ? parsed.output : null;
  } catch {
    return null;
  }
}
