import * as v from 'valibot';

/** Older services send numbers as numeric text. */
export const NumberLike = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.trim(), v.decimal())]),
  v.transform((n) => Number(n)),
);

export const optionalText = () =>
  v.pipe(
    v.optional(v.nullable(v.string()), ''),
    v.transform((s): string => s ?? ''),
  );

export const optionalNumber = (fallback: number) =>
  v.pipe(
    v.optional(v.nullable(NumberLike), fallback),
    v.transform((n): number => n ?? fallback),
  );
