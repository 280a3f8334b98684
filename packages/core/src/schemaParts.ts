import * as v from 'valibot';

// Small schema pieces shared by the server-response schemas.

/** Numbers may arrive as numeric text from older services; both read as numbers. */
export const NumberLike = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.trim(), v.decimal())]),
  v.transform((n) => Number(n)),
);

/** A text field the server may omit or send as null; both read as ''. */
export const optionalText = () =>
  v.pipe(
    v.optional(v.nullable(v.string()), ''),
    v.transform((s): string => s ?? ''),
  );

/** A number the server may omit or send as null; both read as the fallback. */
export const optionalNumber = (fallback: number) =>
  v.pipe(
    v.optional(v.nullable(NumberLike), fallback),
    v.transform((n): number => n ?? fallback),
  );
