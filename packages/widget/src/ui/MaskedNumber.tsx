import { spokenMaskedName, type MaskedName } from '@pasarela/core';
import { t } from '../i18n/i18n';

/** In words for assistive technology: "Visa terminada en 4242", never a run of dots. */
export function spokenName(name: MaskedName): string {
  return spokenMaskedName(name, (key, values) => t(key, values));
}

/** Shown "Visa •••• 4242" to the eye, read "Visa terminada en 4242" (issue 96). */
export function MaskedNumber({ name }: { name: MaskedName }) {
  return (
    <>
      {/* One piece on the line: never "Visa ••••" above "4242". */}
      <span aria-hidden="true" className="masked-number">{name.shown}</span>
      <span className="visually-hidden">{spokenName(name)}</span>
    </>
  );
}

/** A sentence that holds a masked number: the eye reads it with dots, assistive technology in words. */
export function MaskedText({ name, say }: { name: MaskedName; say: (named: string) => string }) {
  return (
    <>
      <span aria-hidden="true">{say(name.shown)}</span>
      <span className="visually-hidden">{say(spokenName(name))}</span>
    </>
  );
}
