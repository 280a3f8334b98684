import { catalogs, formatAmount, type Language } from '@pasarela/core';

const CODE_KEYS: Readonly<Record<string, string>> = { '3000': 'expired_link', '3001': 'link_not_found', '619': 'payment_expired', 'Validation Canceled': 'validate_tx_canceled' };

/** The merchant API first reads `merchant_api_<code>`: its own words for codes other calls answer too; they answer with the code's own, else those. */
export function errorText(code: string | number, lang: Language, merchantApi = false): string {
  const key = CODE_KEYS[String(code)] ?? String(code);
  const own = catalogs[lang][`merchant_api_${key}`];
  // The sandbox's controls and admin calls are a developer's API too: a code only the merchant API words reads the same there.
  return (merchantApi ? own : undefined) ?? catalogs[lang][key] ?? own ?? String(code);
}

/** An amount as core's amount rules write it in a detail ("$5,000.00", "COP 20,000,000"): a hole named `$...` writes it again in the answer's language. */
const MONEY = String.raw`(\$[\d,]+\.\d{2}|COP\s[\d,]+)`;

function moneyIn(lang: Language, written: string): string {
  const pesos = /^COP\s([\d,]+)$/.exec(written);
  return formatAmount(Number((pesos?.[1] ?? written.slice(1)).replace(/,/g, '')), lang, pesos ? 'COP' : 'USD');
}

/**
 * The details the services and schemas write (in English, naming the field, the value or the limit
 * as sent) and the catalogue's `detail_` key that says each in both languages, its holes in the
 * order the pattern captures them.
 */
const DETAILS: ReadonlyArray<readonly [RegExp, string, readonly string[]]> = [
  [/^(\S+) is not a field this call takes$/, 'detail_unknown_field', ['field']],
  [/^(\S+) is not a parameter this call takes$/, 'detail_unknown_parameter', ['field']],
  [/^(\S+) is required$/, 'detail_required', ['field']],
  [/^(\S+) must be a number with at most two decimals$/, 'detail_two_decimals', ['field']],
  [/^(\S+) must be a number(?: of [a-z ]+)?$/, 'detail_number', ['field']],
  [/^(\S+) must be a whole number(?: of [a-z ]+)?$/, 'detail_whole_number', ['field']],
  [/^(\S+) must be (?:above|more than) 0$/, 'detail_above_zero', ['field']],
  [/^(\S+) must (?:not be negative|be 0 or more)$/, 'detail_not_negative', ['field']],
  [/^(\S+) must be a positive integer$/, 'detail_positive_integer', ['field']],
  [/^(\S+) must be (?:a string|text)$/, 'detail_text', ['field']],
  [/^(\S+) must be a boolean$/, 'detail_boolean', ['field']],
  [/^(\S+) must be an array$/, 'detail_array', ['field']],
  [/^(\S+) must not be empty$/, 'detail_not_empty', ['field']],
  [/^(\S+) (?:must be|is not) an e-mail address$/, 'detail_email', ['field']],
  [/^(\S+) must be one of:? (.+)$/, 'detail_one_of', ['field', 'values']],
  [/^(\S+) must be ([\w, ]+ or \w+)$/, 'detail_one_of', ['field', 'values']],
  [/^(\S+) must list [a-z ]+: (.+)$/, 'detail_list_of', ['field', 'values']],
  [/^(\S+) names a method: (.+)$/, 'detail_list_of', ['field', 'values']],
  [/^(\S+) must be a date-time string$/, 'detail_date_time', ['field']],
  [/^(\S+) must be an RFC 3339 date-time with an offset, such as (\S+)$/, 'detail_rfc3339', ['field', 'example']],
  [/^(\S+) is not a real date$/, 'detail_not_a_date', ['field']],
  [/^(\S+) must fall between (\S+) and (\S+)$/, 'detail_date_between', ['field', 'min', 'max']],
  [/^(\S+) must be in the future$/, 'detail_in_future', ['field']],
  [/^(\S+) is in the past$/, 'detail_in_past', ['field']],
  [/^(\S+) must be within (\d+) days$/, 'detail_within_days', ['field', 'days']],
  [/^(\S+) must be 1 to (\d+) letters, digits(?:,| or) (.+)$/, 'detail_reference_characters', ['field', 'max', 'characters']],
  [/^(\S+) must be a link code$/, 'detail_link_code', ['field']],
  [/^(\S+) must be a whole number from (-?\d+) to (\d+)$/, 'detail_whole_from_to', ['field', 'min', 'max']],
  [new RegExp(`^(\\S+) must be from ${MONEY} to ${MONEY}$`), 'detail_from_to', ['field', '$min', '$max']],
  [/^(\S+) must be (?:from )?([\d.]+) to ([\d.]+)$/, 'detail_from_to', ['field', 'min', 'max']],
  [/^(\S+) must be milliseconds from (\d+) to (\d+)$/, 'detail_milliseconds', ['field', 'min', 'max']],
  [/^(\S+) must be at most (\d+)(?: \(100 %\))?$/, 'detail_at_most', ['field', 'max']],
  [/^(\S+) must be a nextCursor this list gave$/, 'detail_cursor', ['field']],
  [/^(\/\S*) takes ([A-Z]+(?:, [A-Z]+)*)$/, 'detail_takes_methods', ['field', 'values']],
  [/^Authorization must be Bearer <secretKey>, not (\S+)$/, 'detail_bearer_scheme', ['scheme']],
  [/^(\S+) is longer than (\d+) characters$/, 'detail_longer_than', ['field', 'max']],
  [/^(\S+) must be at most (\d+) characters$/, 'detail_at_most_characters', ['field', 'max']],
  [/^(\S+) must not hold control or bidi characters$/, 'detail_control_characters', ['field']],
  [/^(\S+) holds a NUL character or a lone surrogate$/, 'detail_nul_character', ['field']],
  [/^(\S+) must be an http or https address$/, 'detail_http_address', ['field']],
  [/^(\S+) is too long$/, 'detail_too_long', ['field']],
  [/^more than (\d+) lines$/, 'detail_more_lines', ['count']],
  [/^(\S+) must have at most (\d+) keys$/, 'detail_at_most_keys', ['field', 'max']],
  [/^(\S+) must be an object of strings$/, 'detail_object_of_strings', ['field']],
  [/^metadata value of (".*") must be a string$/, 'detail_metadata_value_string', ['key']],
  [/^metadata value of (".*") must be at most (\d+) characters$/, 'detail_metadata_value_at_most', ['key', 'max']],
  [/^metadata value of (".*") must not hold control or bidi characters$/, 'detail_metadata_value_characters', ['key']],
  [/^metadata key (".*") must be at most (\d+) characters$/, 'detail_metadata_key_at_most', ['key', 'max']],
  [/^metadata key (".*") is not a plain name: keys are letters, digits, _ \. or - \(not (.+)\)$/, 'detail_metadata_key', ['key', 'reserved']],
  [/^amount is more than what remains to refund \((\S+)\)$/, 'detail_refund_remaining', ['amount']],
  [/^pending refunds hold the rest: (\S+) remains to refund$/, 'detail_refunds_pending', ['amount']],
  [/^amount is more than the hold \((\S+)\)$/, 'detail_capture_hold', ['amount']],
  [/^orderReference is already the reference of link (\S+)$/, 'detail_reference_of_link', ['link']],
  [/^The payment was approved: it can no longer be voided; refund it instead$/, 'detail_void_approved', []],
  [/^The payment was approved: it can no longer be voided, nor refunded through Pasarela; settle it with the payer directly$/, 'detail_void_paid_not_refundable', []],
  [/^this merchant does not take (.+)$/, 'detail_not_taken', ['values']],
  [/^(\S+) names no card in the card vault$/, 'detail_no_vault_card', ['field']],
  [/^(\S+) must be \{ brand, last4 \}: the server takes no card number$/, 'detail_saved_card_no_number', ['field']],
  [/^(\S+) must be \{ brand, last4 \}$/, 'detail_saved_card', ['field']],
  [/^(\S+) must be exactly four digits$/, 'detail_four_digits', ['field']],
  [/^(\S+) names a card whose CVC the card vault no longer holds: tokenize the card again$/, 'detail_vault_cvc_gone', ['field']],
  [/^(\S+) must be whole pesos(?: \(a multiple of 100 cents\))?: COP has no centavos$/, 'detail_whole_pesos', ['field']],
  [/^methods: (\S+) does not take (\S+), the currency of country (\S+)$/, 'detail_method_currency', ['values', 'currency', 'country']],
  [/^brands need CARD among methods$/, 'detail_brands_need_card', []],
  [/^Idempotency-Key is required on this call \(link creation, captures, refunds and voids\)/, 'detail_idempotency_required', []],
  [/^(\S+) must be 1 to (\d+) visible ASCII characters$/, 'detail_visible_ascii', ['field', 'max']],
  [/^Malformed body: not JSON$/, 'detail_not_json', []],
  [/^(?:Body|the body) must be a JSON object$/, 'detail_json_object', []],
  [/^Malformed body: Content-Encoding says gzip, but it is not gzip data$/, 'detail_not_gzip', []],
  [/^Body nests deeper than (\d+) levels$/, 'detail_nests_deeper', ['max']],
  [/^Body is larger than (\d+) bytes(?: once unpacked)?$/, 'detail_body_larger', ['max']],
  [/^Send the body as Content-Type: application\/json; it came as (.+)$/, 'detail_send_json', ['type']],
  [/^Send the body as Content-Type: application\/json; it came without one$/, 'detail_send_json_untyped', []],
  [/^Content-Encoding (\S+) is not accepted: send gzip or no encoding$/, 'detail_encoding', ['coding']],
  [/^Pasarela-Version must be one of (.+) \(docs\/changelog\.md\)$/, 'detail_versions', ['versions']],
  [/^(?:Too many \S+ requests|Rehearsal \(\S+\)): try again in (\d+) s$/, 'detail_try_again_in', ['seconds']],
  [/^At most (\d+) logo uploads in (\d+) hours: try again in (\d+) s$/, 'detail_logo_uploads', ['count', 'hours', 'seconds']],
  [/^A merchant may have at most (\d+) webhook endpoints$/, 'detail_endpoint_limit', ['max']],
  [/^SVG logos are not accepted/, 'detail_svg_logo', []],
  [/^the webhook host (\S+) is not a public (?:name|address)$/, 'detail_host_not_public', ['host']],
  [/^the webhook host (\S+) resolves to no address$/, 'detail_host_no_address', ['host']],
  [/^the webhook host name does not resolve$/, 'detail_host_unresolved', []],
  [/^(\S+) is already (?:in use|taken)$/, 'detail_taken', ['field']],
  [/^(\S+) is wrong or expired$/, 'detail_wrong_or_expired', ['field']],
  [/^(\S+) must be a hex colour such as (\S+)$/, 'detail_hex_colour', ['field', 'example']],
  [/^(\S+) must not hold control, bidi or line-break characters$/, 'detail_line_characters', ['field']],
  [/^(\S+) must not be empty \(null removes it\)$/, 'detail_not_empty_or_null', ['field']],
  [/^(\S+) must not hold bidi characters/, 'detail_bidi', ['field']],
  [/^(\S+) must show something/, 'detail_show_something', ['field']],
  [/^(\S+) may only be null here/, 'detail_logo_null', ['field']],
  [/^(\S+) is not valid$/, 'detail_not_valid', ['field']],
  [/^Invalid key: Expected \"(\S+)\" but received undefined$/, 'detail_required', ['field']],
  [/^(\S+) must be an http\(s\) URL$/, 'detail_http_address', ['field']],
  [/^(\S+) must be an integer$/, 'detail_whole_number', ['field']],
  [new RegExp(`^(\\S+) must not exceed ${MONEY}$`), 'detail_not_exceed', ['field', '$other']],
  [/^(\S+) must not exceed (\S+)$/, 'detail_not_exceed', ['field', 'other']],
  [/^(\S+) must be before (\S+)$/, 'detail_before', ['field', 'other']],
  [/^(\S+) must not exceed (\S+) dollars or (\S+) pesos$/, 'detail_not_exceed_money', ['field', 'dollars', 'pesos']],
  [new RegExp(`^(\\S+) plus (\\S+) must not exceed ${MONEY}$`), 'detail_sum_not_exceed', ['field', 'other', '$max']],
  [/^(\S+) plus (\S+) must not exceed (\S+)$/, 'detail_sum_not_exceed', ['field', 'other', 'max']],
  [/^(\S+) must be the link's \((\S+)\)$/, 'detail_link_type', ['field', 'value']],
  [/^the endpoint does not take (\S+) events$/, 'detail_type_not_taken', ['type']],
  [/^(\S+) must be 0 or more, with at most two decimals$/, 'detail_zero_or_more_two_decimals', ['field']],
  [/^(\S+) must be a payment code$/, 'detail_payment_code', ['field']],
  [/^(\S+) must be a payout id \(po_\.\.\.\)$/, 'detail_payout_id', ['field']],
  [/^(\S+) must be a date \(YYYY-MM-DD\)$/, 'detail_day', ['field']],
  [/^(\S+) must be within ([\d.]+) and ([\d.]+)$/, 'detail_from_to', ['field', 'min', 'max']],
  [new RegExp(`^(\\S+) plus (\\S+) exceeds the merchant's limit of ${MONEY}$`), 'detail_over_limit', ['field', 'other', '$max']],
  [new RegExp(`^(\\S+) exceeds the merchant's limit of ${MONEY}$`), 'detail_field_over_limit', ['field', '$max']],
  [/^(\S+) names no merchant$/, 'detail_names_no_merchant', ['field']],
  [/^(\S+) names no merchant of this secret key$/, 'detail_names_no_own_merchant', ['field']],
  [/^(\S+) names no link$/, 'detail_names_no_link', ['field']],
  [/^(\S+) names no payment$/, 'detail_names_no_payment', ['field']],
  [/^(\S+) names no subscription$/, 'detail_names_no_subscription', ['field']],
  [/^(\S+) must be 3-63 lowercase letters, digits or dashes$/, 'detail_slug', ['field']],
  [/^(\S+) must list event types \((.+)\) or \*$/, 'detail_event_types', ['field', 'values']],
  [/^(\S+) must map es or en to a description$/, 'detail_descriptions', ['field']],
  [/^The logo is (\d+x\d+) px; each side must be (\d+) to (\d+) px$/, 'detail_logo_size', ['size', 'min', 'max']],
  [/^The logo starts as (\S+) but its data does not read as one$/, 'detail_logo_not_readable', ['type']],
  [/^(\S+) must be the trackId of a checkout result$/, 'detail_track_id', ['field']],
  [/^A wallet token goes with the widget key: send x-api-key: (\S+) with Authorization: Bearer <token>$/, 'detail_widget_key', ['key']],
  [/^The widget key goes with Authorization: Bearer <token>; guests send x-api-key: (\S+)$/, 'detail_guest_key', ['key']],
  [/^Send the client key in the x-api-key header$/, 'detail_client_key', []],
  [/^Without SANDBOX_ADMIN_TOKEN the admin API answers its own pages only, not (\S+)$/, 'detail_cross_origin', ['origin']],
  [/^(.+) does not take guest payments: log in to a wallet account to pay$/, 'detail_no_guests', ['merchant']],
  [/^A cash voucher paid at a kiosk cannot be refunded through Pasarela/, 'detail_cash_not_refundable', []],
  [/^A Clave payment cannot be refunded through Pasarela/, 'detail_clave_not_refundable', []],
  [/^The payment is still pending: nothing was paid to refund; void it instead$/, 'detail_pending_nothing', []],
  [/^The payment is a hold not captured/, 'detail_hold_not_captured', []],
  [/^A capture of this hold is being made: refund it once it is captured$/, 'detail_hold_capturing_refund', []],
  [/^The hold was released uncaptured: nothing was taken to refund$/, 'detail_hold_released_refund', []],
  [/^The wallet that paid no longer exists$/, 'detail_wallet_gone', []],
  [/^charged$/, 'detail_duplicate_charged', []],
  [/^waiting$/, 'detail_duplicate_waiting', []],
  [/^(\S+) must be (\S+), the price of (\S+)$/, 'detail_link_price', ['field', 'amount', 'link']],
  [/^(\S+) must be (\S+), the tax of (\S+)$/, 'detail_link_tax', ['field', 'amount', 'link']],
  [/^The payment was declined: nothing was paid to refund$/, 'detail_declined_nothing', []],
  [/^The payment has ended: there is nothing to void$/, 'detail_ended_nothing_to_void', []],
  [/^The hold was released already: nothing is left to void$/, 'detail_hold_released_void', []],
  [/^The hold is being released already$/, 'detail_hold_releasing', []],
  [/^The query holds a control or bidi character$/, 'detail_query_characters', []],
  [/^The path holds a control or bidi character$/, 'detail_path_characters', []],
  [/^the body holds a NUL character or a lone surrogate$/, 'detail_body_nul', []],
  [/^a key of the body holds a NUL character or a lone surrogate$/, 'detail_body_key_nul', []],
  [/^a key of (\S+) holds a NUL character or a lone surrogate$/, 'detail_key_nul', ['field']],
];

/** A list of characters or values as written in English ("-, _ or .") reads the same in either language without its "or". */
const plainList = (value: string) => value.replace(/,? or /g, ', ');

const fill = (text: string, values: Readonly<Record<string, string>>) => text.replace(/\{\{\s*(\w+)\s*\}\}/g, (hole, name: string) => values[name] ?? hole);

/**
 * A detail in the answer's language, from the catalogue; `field: detail` keeps the field as sent.
 * Details are written in English: one the catalogue has no words for stays in an English answer and
 * is left out of a Spanish one, where the code's own text stands alone, so no answer mixes the two.
 * The merchant API leaves it out of both (`wordedOnly`): there the code's text says what such a
 * detail restates ("No such dispute for this merchant"), and either language says as much as the other.
 */
export function detailText(detail: string, lang: Language, wordedOnly = false): string | undefined {
  return wordedDetail(detail, lang) ?? (lang === 'en' && !wordedOnly ? detail : undefined);
}

function wordedDetail(detail: string, lang: Language): string | undefined {
  for (const [pattern, key, holes] of DETAILS) {
    const match = pattern.exec(detail);
    const text = catalogs[lang][key];
    if (match && text !== undefined) {
      return fill(text, Object.fromEntries(holes.map((hole, i) => (hole.startsWith('$') ? [hole.slice(1), moneyIn(lang, match[i + 1] ?? '')] : [hole, plainList(match[i + 1] ?? '')]))));
    }
  }
  const nested = /^(\S+): (.+)$/.exec(detail);
  if (nested) {
    const inner = wordedDetail(nested[2] ?? '', lang);
    return inner === undefined ? undefined : `${nested[1] ?? ''}: ${inner}`;
  }
  return undefined;
}
