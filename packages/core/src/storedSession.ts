import * as v from 'valibot';
import { NumberLike } from './schemaParts';

// SPEC 3 "Session", a module apart from the profile and the registration (profile.ts), which only the
// wallet's screens use: a module is loaded whole with the first screen's code.

/** "Session (local storage under a widget key): sessionId, token, user.idUsr." */
export const SESSION_STORAGE_KEY = 'pasarela.widget.session';
export const SessionSchema = v.object({
  sessionId: v.string(),
  token: v.pipe(v.string(), v.minLength(1)),
  user: v.looseObject({ idUsr: NumberLike }),
});
export type Session = v.InferOutput<typeof SessionSchema>;

/** Reads the stored session text; anything unreadable is no session (it is then cleared). */
export function readSession(text: string | null | undefined): Session | null {
  if (!text) return null;
  try {
    const parsed = v.safeParse(SessionSchema, JSON.parse(text));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}
