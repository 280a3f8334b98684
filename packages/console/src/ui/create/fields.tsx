import { useId, useState, type ReactNode } from 'react';
import { readTypedDollars, typedAmountSlip, type Currency, type TextPerLanguage } from '@pasarela/core';
import { t } from '../../i18n/i18n';
import { pesosTyped } from '../../logic/typedPesos';
import { WordedError } from './FieldError';

/** A labelled input; the label is visible and tied to the field. */
export function TextField(props: {
  label: string; name: string; value: string; onChange(value: string): void;
  type?: string; required?: boolean; inputMode?: 'decimal' | 'numeric' | 'email' | 'url' | 'text'; autoComplete?: string; step?: string; min?: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id} name={props.name} type={props.type ?? 'text'} value={props.value} required={props.required ?? false}
        inputMode={props.inputMode} autoComplete={props.autoComplete ?? 'off'} step={props.step} min={props.min}
        disabled={props.disabled}
        onInput={(e) => props.onChange((e.target as HTMLInputElement).value)}
      />
    </div>
  );
}

export function SelectField(props: { label: string; name: string; value: string; onChange(value: string): void; children: ReactNode }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <select id={id} name={props.name} value={props.value} onChange={(e) => props.onChange((e.target as HTMLSelectElement).value)}>
        {props.children}
      </select>
    </div>
  );
}

export function CheckField(props: { label: string; name: string; checked: boolean; onChange(checked: boolean): void }) {
  const id = useId();
  return (
    <div className="check">
      <input id={id} name={props.name} type="checkbox" checked={props.checked} onChange={(e) => props.onChange((e.target as HTMLInputElement).checked)} />
      <label htmlFor={id}>{props.label}</label>
    </div>
  );
}

/** The most a link's expiry may be, either way (the admin API's 365 days). */
const MAX_EXPIRY_MINUTES = 365 * 24 * 60;

/**
 * The least an amount field takes: above 0 (a link's or a plan's price), or 0 and up (a tax, a
 * station's open amount, a merchant's limit, a wallet's balance).
 */
export type AmountFloor = 'aboveZero' | 'zeroOrMore';

/**
 * A minus sign typed (core's typedAmountSlip) is refused saying what the field takes, not how to
 * write an amount; so is 0 where the amount must be above it.
 */
function refuseBelowFloor(text: string, floor: AmountFloor, amount?: number): void {
  const below = typedAmountSlip(text) === 'amount_negative' || (floor === 'aboveZero' && amount === 0);
  if (below) throw new WordedError({ key: floor === 'aboveZero' ? 'amount.aboveZero' : 'amount.notNegative' });
}

/**
 * Dollars typed in a form (core's readTypedDollars), or undefined when empty. A thousands separator ("1,500", "1.500") is
 * refused with the form's error, never read as 1.5; an amount below the field's floor says so.
 */
export function dollarsOrUndefined(text: string, floor: AmountFloor): number | undefined {
  if (text.trim() === '') return undefined;
  refuseBelowFloor(text, floor);
  const read = readTypedDollars(text, 'operator');
  if ('refused' in read) throw new WordedError({ key: 'dollars.invalid' });
  refuseBelowFloor(text, floor, read.dollars);
  return read.dollars;
}

/** Whole minutes typed in a form, or undefined when empty; below zero makes a link already expired. */
export function minutesOrUndefined(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const minutes = /^-?\d{1,6}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (!(Math.abs(minutes) <= MAX_EXPIRY_MINUTES)) throw new WordedError({ key: 'minutes.invalid', values: { max: MAX_EXPIRY_MINUTES } });
  return minutes;
}

/** The price each form offers until something is typed, in the picked merchant's currency: pesos are whole and grouped as Colombia writes them. */
const EXAMPLE_PRICES: Record<Currency, Record<'link' | 'linkTax' | 'station' | 'plan', string>> = {
  USD: { link: '12.50', linkTax: '0.88', station: '7.50', plan: '3.50' },
  COP: { link: '50.000', linkTax: '0', station: '20.000', plan: '15.000' },
};

/**
 * A form's amount field in the picked merchant's currency: its example price until something is
 * typed. What was typed belongs to the currency it was typed in: picking a merchant of another
 * currency shows that currency's example, so "25" typed as dollars is never sent as 25 pesos.
 */
export function useAmountField(example: keyof (typeof EXAMPLE_PRICES)['USD'], currency: Currency): [string, (value: string) => void] {
  const [typed, setTyped] = useState<{ value: string; currency: Currency } | null>(null);
  const value = typed?.currency === currency ? typed.value : EXAMPLE_PRICES[currency][example];
  return [value, (text) => setTyped({ value: text, currency })];
}

/**
 * An amount typed in a form in the merchant's currency, or undefined when empty: dollars with at most
 * two decimals (the server checks the rest), pesos whole as pesosTyped reads them ("50.000" is fifty thousand); pesos
 * that are none are refused here, with the form's error saying how to write them, and an amount
 * below the field's floor saying that.
 */
export function amountIn(text: string, currency: Currency, floor: AmountFloor): number | undefined {
  if (currency !== 'COP' || text.trim() === '') return dollarsOrUndefined(text, floor);
  refuseBelowFloor(text, floor);
  const typed = pesosTyped(text);
  if ('error' in typed) throw new WordedError({ key: typed.error });
  refuseBelowFloor(text, floor, typed.amount);
  return typed.amount;
}

/** The texts typed in Spanish and in English, blank ones left out; undefined when both are. */
export function typedPerLanguage(es: string, en: string): TextPerLanguage | undefined {
  if (es.trim() === '' && en.trim() === '') return undefined;
  return { ...(es.trim() ? { es } : {}), ...(en.trim() ? { en } : {}) };
}
