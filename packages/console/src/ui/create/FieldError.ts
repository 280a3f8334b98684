/** A form's own refusal of what one field holds (its `name`), said before anything is sent. */
export class FieldError extends Error {
  constructor(readonly field: string, message: string) {
    super(message);
    this.name = 'FieldError';
  }
}
