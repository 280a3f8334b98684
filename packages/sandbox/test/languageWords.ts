/**
 * Words that mark a sentence as English or as Spanish: function words the other language never
 * uses. Field names, headers, enum values, codes and quoted values are left out first, since a
 * message names them as sent in either language.
 */
const ENGLISH = new Set([
  'the', 'is', 'are', 'was', 'were', 'be', 'been', 'must', 'such', 'this', 'that', 'these', 'than', 'what', 'which', 'with', 'your', 'you',
  'not', 'of', 'and', 'to', 'for', 'from', 'it', 'its', 'an', 'can', 'cannot', 'only', 'there', 'when', 'has', 'have', 'or', 'at', 'in', 'by',
  'on', 'as', 'any', 'already', 'after', 'before', 'should', 'will', 'does', 'more', 'too', 'other', 'another', 'send', 'remains',
  // Content words no field or enum value of the API is named after.
  'merchant', 'request', 'takes', 'valid', 'found', 'such', 'number', 'characters', 'letters', 'digits', 'days', 'keys',
]);
const SPANISH = new Set([
  'el', 'la', 'los', 'las', 'es', 'debe', 'deben', 'que', 'de', 'del', 'una', 'un', 'con', 'para', 'por', 'su', 'sus', 'ya', 'se', 'al', 'más',
  'está', 'este', 'esta', 'ese', 'esa', 'puede', 'hay', 'sin', 'lo', 'le', 'ningún', 'ninguna', 'ninguno', 'tiene', 'solo', 'o', 'y', 'en',
  // Content words no field or enum value of the API is named after.
  'reembolso', 'disputa', 'cuerpo', 'solicitud', 'llamada', 'campo', 'valor', 'número', 'secreta', 'texto', 'caracteres', 'días',
]);

/** What a message names as sent (identifiers, codes, values), which no language owns. */
function prose(message: string): string[] {
  return message
    // The languages' own codes, which a message names as sent (`es or en`).
    .replace(/\bes (?:or|o) en\b/g, ' ')
    .replace(/\{\{\s*\w+\s*\}\}|"[^"]*"|`[^`]*`|(?<!\p{L})'[^']*'(?!\p{L})/gu, ' ')
    // camelCase, snake_case, kebab-case, paths, headers, URLs, ids
    .replace(/\S*[a-z][A-Z]\S*|\S*\w[_/.=@:]\w\S*|<[^>\s]*>|\b[A-Za-z]+(?:-[A-Za-z]+)+\b/g, ' ')
    // codes and ids with digits in them (a link's LKEA5VRBJ4YA), amounts
    .replace(/\S*\d\S*/g, ' ')
    .replace(/\b[A-Z]{2,}\b/g, ' ')
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((word) => word !== '');
}

export function englishWordsIn(message: string): string[] {
  return prose(message).filter((word) => ENGLISH.has(word));
}

export function spanishWordsIn(message: string): string[] {
  return prose(message).filter((word) => SPANISH.has(word));
}
