/**
 * Warnings for the merchant's developer. They stay in the shipped bundle on purpose: the loader has
 * one build, and the people who read them are integrating it against that build.
 */
export function warn(message: string, detail?: unknown): void {
  console.warn('[pasarela] ' + message, detail ?? '');
}
