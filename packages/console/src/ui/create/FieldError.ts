import type { TextValues } from '@pasarela/core/translator';
import { t } from '../../i18n/i18n';
import type { ConsoleKey } from '../../i18n/messages';

/** A console text's key and values: worded each time it is shown, so in the language on screen then. */
export interface Wording {
  key: ConsoleKey;
  values?: TextValues | undefined;
}

/** A form's own refusal, said before anything is sent: kept as its wording, never as words of one language. */
export class WordedError extends Error {
  constructor(readonly wording: Wording) {
    super(t(wording.key, wording.values));
    this.name = 'WordedError';
  }
}

/** A form's own refusal of what one field holds (its `name`). */
export class FieldError extends WordedError {
  constructor(readonly field: string, wording: Wording) {
    super(wording);
    this.name = 'FieldError';
  }
}
