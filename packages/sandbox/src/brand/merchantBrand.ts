import { createHash } from 'node:crypto';
import * as v from 'valibot';
import { BRAND_COLOR, BRAND_NAME_MAX, freeText, shownNameRefusal } from '@pasarela/core';
import type { Database, Queryable } from '../db/Database';
import { ApiError } from '../errors/ApiError';
import type { MailShop } from '../mail/templates';
import { findMerchantBrand, findShopOfMerchant, findShopOfOperation, setMerchantLogo, updateMerchantBrand, type MerchantBrandRow, type ShopOfOperation } from '../store/merchantBrand';
import { LOGO_UPLOAD_WINDOW_MS, LOGO_UPLOADS_PER_WINDOW, readLogoImage } from './logoImage';

// A merchant's brand (docs/merchant-api.md "Brand"), set by the merchant and admin APIs alike.

/** Addressed by the bytes' SHA-256, so a new logo is a new address. */
export const LOGO_PATH_PREFIX = '/images/logos/';
export const LOGO_FILE = /^[0-9a-f]{64}$/;

/** `#abc` or `#aabbcc`, stored as `#aabbcc`. */
const color = v.pipe(
  v.string('colorPrimary must be a string'),
  v.trim(),
  v.regex(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i, 'colorPrimary must be a hex colour such as #6b3e26'),
  v.transform((s) => (s.length === 4 ? `#${[...s.slice(1)].map((d) => d + d).join('')}` : s).toLowerCase()),
  v.regex(BRAND_COLOR),
);
const displayName = v.pipe(
  freeText(BRAND_NAME_MAX, {
    missingMessage: 'displayName must be a string', tooLongMessage: `displayName is longer than ${BRAND_NAME_MAX} characters`,
    charactersMessage: 'displayName must not hold control, bidi or line-break characters',
  }),
  v.trim(),
  v.minLength(1, 'displayName must not be empty (null removes it)'),
  v.check((s) => shownNameRefusal(s) !== 'bidi_control', 'displayName must not hold bidi characters (such as the marks U+200E, U+200F)'),
  v.check((s) => shownNameRefusal(s) !== 'invisible', 'displayName must show something: not only spaces or invisible characters'),
);

/** Absent keeps a part, null removes it; `logo: null` removes the logo (an upload sets one). */
export const BrandSchema = v.strictObject({
  colorPrimary: v.optional(v.nullable(color)),
  displayName: v.optional(v.nullable(displayName)),
  logo: v.optional(v.null('logo may only be null here (it removes the logo); upload an image to POST …/brand/logo')),
}, 'the body must be a JSON object');
export type BrandInput = v.InferOutput<typeof BrandSchema>;

export function logoPathOf(row: Pick<MerchantBrandRow, 'logo_sha256'>): string | null {
  return row.logo_sha256 ? `${LOGO_PATH_PREFIX}${row.logo_sha256}` : null;
}

/** Every part, null when unset; the logo an absolute URL. */
export function brandAnswer(row: MerchantBrandRow, origin: string) {
  const logoPath = logoPathOf(row);
  return { colorPrimary: row.brand_color, displayName: row.display_name, logoUrl: logoPath === null ? null : `${origin}${logoPath}` };
}

/** Only the parts set (core MerchantBrandSchema); the logo a path on this origin. */
export function brandOfMerchant(row: Pick<MerchantBrandRow, 'brand_color' | 'display_name' | 'logo_sha256'>): { colorPrimary?: string; displayName?: string; logoUrl?: string } {
  const logoUrl = logoPathOf(row);
  return {
    ...(row.brand_color === null ? {} : { colorPrimary: row.brand_color }),
    ...(row.display_name === null ? {} : { displayName: row.display_name }),
    ...(logoUrl === null ? {} : { logoUrl }),
  };
}

const noMerchant = () => new ApiError(404, 'merchant_not_found', 'No such merchant');

export async function merchantBrand(db: Queryable, merchantId: number): Promise<MerchantBrandRow> {
  const row = await findMerchantBrand(db, merchantId);
  if (!row) throw noMerchant();
  return row;
}

export async function changeMerchantBrand(db: Database, merchantId: number, input: BrandInput): Promise<MerchantBrandRow> {
  const row = await updateMerchantBrand(db, merchantId, { color: input.colorPrimary, displayName: input.displayName, dropLogo: input.logo === null });
  if (!row) throw noMerchant();
  return row;
}

/** 400 with the reason when refused, 429 past the cap; the replaced image goes when unused. */
export async function uploadMerchantLogo(db: Database, merchantId: number, bytes: Uint8Array, declaredType: string | undefined): Promise<MerchantBrandRow> {
  const mediaType = (declaredType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (mediaType === 'image/svg+xml') throw new ApiError(415, 'logo_type_not_allowed', 'SVG logos are not accepted (an SVG is a document that can run scripts): send a PNG, JPEG or WebP image');
  const image = readLogoImage(bytes);
  if (!image.ok) throw new ApiError(image.code === 'logo_too_large' ? 413 : image.code === 'logo_type_not_allowed' ? 415 : 400, image.code, image.message);
  const result = await setMerchantLogo(db, merchantId, {
    sha256: createHash('sha256').update(bytes).digest('hex'), contentType: image.contentType, width: image.width, height: image.height, bytes,
  }, { uploads: LOGO_UPLOADS_PER_WINDOW, windowMs: LOGO_UPLOAD_WINDOW_MS });
  if (result.kind === 'no_merchant') throw noMerchant();
  if (result.kind === 'limited') {
    const retryAfter = Math.max(1, Math.ceil((result.windowEndsAt.getTime() - Date.now()) / 1000));
    throw new ApiError(429, 'logo_upload_limit', `At most ${LOGO_UPLOADS_PER_WINDOW} logo uploads in ${LOGO_UPLOAD_WINDOW_MS / 3_600_000} hours: try again in ${retryAfter} s`, { 'retry-after': String(retryAfter) });
  }
  return result.brand;
}

export function shopIdentityOf(shop: Pick<MerchantBrandRow, 'display_name' | 'logo_sha256'> & { name: string; logo: string | null }): { name: string; logo: string } {
  return { name: shop.display_name ?? shop.name, logo: logoPathOf(shop) ?? shop.logo ?? '' };
}

/** The gateway's own view of the merchant when the operation is not recorded. */
export async function bankPageShop(db: Queryable, codOper: string, fallback: { name: string; logo: string | null }): Promise<{ name: string; logo: string; brandColor: string | null }> {
  const shop = await findShopOfOperation(db, codOper);
  return shop ? { ...shopIdentityOf(shop), brandColor: shop.brand_color } : { name: fallback.name, logo: fallback.logo ?? '', brandColor: null };
}

/** The logo an absolute address: the uploaded one, else an older raster path (mail clients drop SVG). */
export async function mailShopOf(db: Queryable, merchantId: number | null, fallbackName: string, origin: string): Promise<MailShop> {
  const shop = merchantId === null ? undefined : await findShopOfMerchant(db, merchantId);
  if (!shop) return { name: fallbackName, logoUrl: null, color: null };
  return mailShopOfRow(shop, origin);
}

export function mailShopOfRow(shop: ShopOfOperation, origin: string): MailShop {
  const { name, logo } = shopIdentityOf(shop);
  const raster = logo.startsWith('/') && !logo.startsWith('//') && !/\.svg$/i.test(logo);
  return { name, logoUrl: raster ? new URL(logo, origin).toString() : null, color: shop.brand_color };
}
