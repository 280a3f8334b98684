/** `code` is SPEC's code on the wire; the error handler adds the message in the payer's language. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string | number,
  /** Else the catalogue's text for code. */
    readonly detail?: string,
  /** Retry-After on a 429, Connection: close after an unread body. */
    readonly headers: Readonly<Record<string, string>> = {},
    readonly fields: Readonly<Record<string, string>> = {},
  ) {
    super(detail ?? String(code));
  }
}

export const badRequest = (code: string, detail: string) => new ApiError(400, code, detail);
