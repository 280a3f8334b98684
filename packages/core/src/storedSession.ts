import * as v from 'valibot';
import { NumberLike } from './schemaParts';

// Apart from profile.ts, which only the wallet uses: a module loads whole with the first screen.

export const SESSION_STORAGE_KEY = 'pasarela.widget.session';
export const SessionSchema = v.object({
  sessionId: v.string(),
  token: v.pipe(v.string(), v.minLength(1)),
  user: v.looseObject({ idUsr: NumberLike }),
});
export type Session = v.InferOutput<typeof SessionSchema>;

export function readSession(text: string | null | undefined): Session | null {
  if (!text) return null;
  try {
    const parsed = v.safeParse(SessionSchema, JSON.parse(text));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}
