import { catalogs, type Language } from '@pasarela/core';

const CODE_KEYS: Readonly<Record<string, string>> = { '3000': 'expired_link', '3001': 'link_not_found', '619': 'payment_expired' };

/** The merchant API first reads `merchant_api_<code>`: its own words for codes other calls answer too. */
export function errorText(code: string | number, lang: Language, merchantApi = false): string {
  const key = CODE_KEYS[String(code)] ?? String(code);
  return (merchantApi ? catalogs[lang][`merchant_api_${key}`] : undefined) ?? catalogs[lang][key] ?? String(code);
}

/** Field names, values and limits stay as sent; a sentence with no pattern keeps its English. */
const SPANISH_DETAILS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(\S+) is not a field this call takes$/, '$1 no es un campo que esta llamada acepte'],
  [/^(\S+) is not a parameter this call takes$/, '$1 no es un parámetro que esta llamada acepte'],
  [/^(\S+) is required$/, '$1 es obligatorio'],
  [/^(\S+) must be a number with at most two decimals$/, '$1 debe ser un número con dos decimales como máximo'],
  [/^(\S+) must be a number$/, '$1 debe ser un número'],
  [/^(\S+) must be above 0$/, '$1 debe ser mayor que 0'],
  [/^(\S+) must not be negative$/, '$1 no puede ser negativo'],
  [/^(\S+) must be a string$/, '$1 debe ser un texto'],
  [/^(\S+) must be a boolean$/, '$1 debe ser true o false'],
  [/^(\S+) must be an array$/, '$1 debe ser una lista'],
  [/^(\S+) must not be empty$/, '$1 no puede estar vacío'],
  [/^(\S+) must be one of (.+)$/, '$1 debe ser uno de: $2'],
  [/^(\S+) must list [a-z ]+: (.+)$/, '$1 debe listar valores de: $2'],
  [/^(\S+) must be a date-time string$/, '$1 debe ser una fecha y hora en texto'],
  [/^(\S+) must be an RFC 3339 date-time with an offset, such as (\S+)$/, '$1 debe ser una fecha y hora RFC 3339 con su desfase, como $2'],
  [/^(\S+) is not a real date$/, '$1 no es una fecha real'],
  [/^(\S+) must be in the future$/, '$1 debe estar en el futuro'],
  [/^(\S+) must be within (\d+) days$/, '$1 debe estar dentro de $2 días'],
  [/^(\S+) must be 1 to 100 letters, digits or (\S+)$/, '$1 debe tener de 1 a 100 letras, dígitos o $2'],
  [/^(\S+) must be a link code$/, '$1 debe ser un código de enlace'],
  [/^(\S+) must be a whole number from (\d+) to (\d+)$/, '$1 debe ser un número entero de $2 a $3'],
  [/^(\S+) must be from (\d+) to (\d+)$/, '$1 debe ir de $2 a $3'],
  [/^(\S+) must be a nextCursor this list gave$/, '$1 debe ser un nextCursor dado por esta lista'],
  [/^(\S+) is longer than (\d+) characters$/, '$1 tiene más de $2 caracteres'],
  [/^(\S+) must be at most (\d+) characters$/, '$1 debe tener como máximo $2 caracteres'],
  [/^(\S+) must not hold control or bidi characters$/, '$1 no puede tener caracteres de control ni bidireccionales'],
  [/^(\S+) must be an http or https address$/, '$1 debe ser una dirección http o https'],
  [/^(\S+) is too long$/, '$1 es demasiado largo'],
  [/^more than (\d+) lines$/, 'más de $1 líneas'],
  [/^(\S+) must have at most (\d+) keys$/, '$1 debe tener como máximo $2 claves'],
  [/^(\S+) must be an object of strings$/, '$1 debe ser un objeto de textos'],
  [/^(\S+) values must be strings$/, 'los valores de $1 deben ser textos'],
  [/^(\S+): (.+)$/, '$1: $2'],
];

export function detailText(detail: string, lang: Language): string {
  if (lang !== 'es') return detail;
  for (const [pattern, spanish] of SPANISH_DETAILS) {
    if (!pattern.test(detail)) continue;
    if (pattern.source === '^(\\S+): (.+)$') {
      const [, field = '', rest = ''] = pattern.exec(detail) ?? [];
      const inner = detailText(rest, lang);
      return `${field}: ${inner}`;
    }
    return detail.replace(pattern, spanish);
  }
  return detail;
}
