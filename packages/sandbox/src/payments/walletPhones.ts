/** A Colombian mobile, as Nequi takes it: ten digits starting with 3 (an optional +57 in front). */
export function nequiPhone(raw: string): string | null {
  const digits = raw.replace(/[\s-]/g, '').replace(/^\+?57(?=3\d{9}$)/, '');
  return /^3\d{9}$/.test(digits) ? digits : null;
}

/** A Panamanian mobile, as Yappy takes it: eight digits starting with 6 (an optional +507 in front). */
export function yappyPhone(raw: string): string | null {
  const digits = raw.replace(/[\s-]/g, '').replace(/^\+?507(?=6\d{7}$)/, '');
  return /^6\d{7}$/.test(digits) ? digits : null;
}
