/**
 * The one error type handlers throw. `code` is SPEC's code that crosses the wire
 * (`3000`, `possible_duplicated_tx`, ...); the error handler adds the message in the payer's language.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string | number,
    /** Text naming what is wrong (a field, a limit); else the catalogue's text for code is used. */
    readonly detail?: string,
    /** Headers the answer carries (Retry-After on a 429, Connection: close after an unread body). */
    readonly headers: Readonly<Record<string, string>> = {},
    /** Fields the answer carries beside code and message (a duplicate's `state`). */
    readonly fields: Readonly<Record<string, string>> = {},
  ) {
    super(detail ?? String(code));
  }
}

export const badRequest = (code: string, detail: string) => new ApiError(400, code, detail);
