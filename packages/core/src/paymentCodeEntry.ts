import * as v from 'valibot';
import { isSlug, SEGMENT } from './firstScreen';
import { notBlank, required } from './validation';

// The main page "/" without a code: the payer types the code of a link or its slug.

const longerThanThree = () => v.pipe(required(), v.check((s) => s.trim().length > 3, 'invalid_length'));

/** What a link's address may hold, its code or its slug (`SEGMENT`): letters and digits, and a slug's dashes. */
const linkAddressCharacters = () => v.pipe(required(), v.check((s) => SEGMENT.test(s), 'only_alphanumeric_characters'));

export const paymentCodeEntrySchema = v.object(
  {
    code: v.pipe(
      notBlank(),
      v.transform((s) => s.trim()),
      longerThanThree(),
      linkAddressCharacters(),
    ),
  },
  'field_required',
);

/**
 * The links a code typed on the main page may name, in the order they are looked up: the code of a
 * link (`/?code=`), then its slug (`/{slug}`), as the router reads either address. None: it names no link.
 * A slug is lower case (a merchant's is written so, a link's default one is its code in lower case),
 * so the slug looked up is what was typed in lower case: a phone's keyboard may type it in capitals.
 * A code is upper case, and the server takes one typed in any case (sandbox `findLinkInAnyCase`).
 */
export function typedLinkTargets(typed: string): Array<{ type: 'lk' | 'slug'; code: string }> {
  const code = typed.trim();
  const slug = code.toLowerCase();
  return [
    ...(SEGMENT.test(code) ? [{ type: 'lk' as const, code }] : []),
    ...(isSlug(slug) ? [{ type: 'slug' as const, code: slug }] : []),
  ];
}
