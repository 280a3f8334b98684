import { AMOUNT_DECIMALS } from './constants';
import type { Language } from './constants';
import { CURRENCY_RULES, formatPesos, type Currency } from './currency';

const SCALE = 10 ** AMOUNT_DECIMALS;

/** Half away from zero on the decimal a person reads (1.005 -> 1.01), which Math.round(x * 100) gets wrong. */
export function roundAmount(amount: number): number {
  if (!Number.isFinite(amount)) return 0;
  const sign = amount < 0 ? -1 : 1;
  const shifted = Number(`${Math.abs(amount)}e${AMOUNT_DECIMALS}`);
  const rounded = Math.round(Number.isFinite(shifted) ? shifted : Math.abs(amount) * SCALE) / SCALE;
  return rounded === 0 ? 0 : sign * rounded;
}

/** Summed in cents so no float dust remains. */
export function totalWithTax(amount: number, taxAmount: number | null | undefined): number {
  const cents = Math.round(roundAmount(amount) * SCALE) + Math.round(roundAmount(taxAmount ?? 0) * SCALE);
  return cents / SCALE;
}

/** Panama writes dollars with a comma for thousands in Spanish too (es-PA): one format for es and en; pesos as Colombia writes them. */
export function formatAmount(amount: number, lang: Language = 'es', currency: Currency = 'USD'): string {
  // Dollars: same format in both languages, see docs/spec-decisions.md
  if (currency === 'COP') return formatPesos(amount, lang);
  const value = roundAmount(amount);
  const [whole = '0', cents = '00'] = Math.abs(value).toFixed(AMOUNT_DECIMALS).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 ? '-' : ''}$${grouped}.${cents}`;
}

export function amountText(amount: number): string {
  return roundAmount(amount).toFixed(AMOUNT_DECIMALS);
}

/** An amount in minor units as the merchant API's messages and CSVs write it: dollars with two decimals (30.00), pesos whole (30000). */
export function minorUnitsText(minor: number, currency: Currency = 'USD'): string {
  const { minorUnits, stepMinor } = CURRENCY_RULES[currency];
  return (minor / 10 ** minorUnits).toFixed(minorUnits - Math.round(Math.log10(stepMinor)));
}

export function exceedsMerchantLimit(amount: number, txLimit: number | null | undefined): boolean {
  if (txLimit === null || txLimit === undefined || !Number.isFinite(txLimit) || txLimit <= 0) return false;
  return roundAmount(amount) > roundAmount(txLimit);
}

export function campaignDonation(
  amount: number | null | undefined,
  idCampaignBridge: number | string | null | undefined,
): { amountToCampaign: number; idCampaignBridge: number | string } | null {
  if (amount === null || amount === undefined || !Number.isFinite(amount) || amount <= 0) return null;
  if (idCampaignBridge === null || idCampaignBridge === undefined || idCampaignBridge === '') return null;
  return { amountToCampaign: roundAmount(amount), idCampaignBridge };
}

/**
 * SPEC 1 "balance (wallet balance, also called pfw)": a wallet balance pays a total only when it covers it whole, to the cent; the
 * server debits it on that condition. A short balance is said up front, never offered as a payment.
 */
export function balanceCovers(balance: number, total: number): boolean {
  return amountToCents(balance) >= amountToCents(total);
}

export function amountToCents(amount: number): number {
  return Math.round(roundAmount(amount) * SCALE);
}

export function centsToAmount(cents: number): number {
  return Math.round(cents) / SCALE;
}
