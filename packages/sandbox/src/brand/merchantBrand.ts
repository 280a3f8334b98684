import { createHash } from 'node:crypto';
import * as v from 'valibot';
import { BRAND_COLOR, BRAND_NAME_MAX, freeText, shownNameRefusal } from '@pasarela/core';
import type { Database, Queryable } from '../db/Database';
import { ApiError } from '../errors/ApiError';
import type { MailShop } from '../mail/templates';
import { findMerchantBrand, findShopOfMerchant, findShopOfOperation, setMerchantLogo, updateMerchantBrand, type MerchantBrandRow, type ShopOfOperation } from '../store/merchantBrand';
import { LOGO_UPLOAD_WINDOW_MS, LOGO_UPLOADS_PER_WINDOW, readLogoImage } from './logoImage';

// A merchant's brand (docs/merchant-api.md "Brand"), set by the merchant API and the admin API
// alike: the colour and display name as JSON, the logo as an image's bytes.

/** Where the checkout origin serves a stored logo: by its bytes' SHA-256, so a new logo is a new address. */
export const LOGO_PATH_PREFIX = '/images/logos/';
export const LOGO_FILE = /^[0-9a-f]{64}$/;

/** `#abc` or `#aabbcc`, any case, as the stored `#aabbcc`. */
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
  // core's rule for a name payers see: no bidi mark either, and something visible.
  v.check((s) => shownNameRefusal(s) !== 'bidi_control', 'displayName must not hold bidi characters (such as the marks U+200E, U+200F)'),
  v.check((s) => shownNameRefusal(s) !== 'invisible', 'displayName must show something: not only spaces or invisible characters'),
);

/** The JSON part of a brand: absent keeps a part, null removes it; `logo: null` removes the logo (an upload sets one). */
export const BrandSchema = v.strictObject({
  colorPrimary: v.optional(v.nullable(color)),
  displayName: v.optional(v.nullable(displayName)),
  logo: v.optional(v.null('logo may only be null here (it removes the logo); upload an image to POST …/brand/logo')),
}, 'the body must be a JSON object');
export type BrandInput = v.InferOutput<typeof BrandSchema>;

/** A stored logo's path on the checkout origin. */
export function logoPathOf(row: Pick<MerchantBrandRow, 'logo_sha256'>): string | null {
  return row.logo_sha256 ? `${LOGO_PATH_PREFIX}${row.logo_sha256}` : null;
}

/** The brand as the merchant and admin APIs answer it: every part, null when unset; the logo an absolute URL. */
export function brandAnswer(row: MerchantBrandRow, origin: string) {
  const logoPath = logoPathOf(row);
  return { colorPrimary: row.brand_color, displayName: row.display_name, logoUrl: logoPath === null ? null : `${origin}${logoPath}` };
}

/** The brand in the merchant's data the checkout loads (core MerchantBrandSchema): only the parts set; the logo a path on this origin. */
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

/**
 * Checks the upload by its bytes (logoImage.ts) and makes it the merchant's logo, the image it
 * replaces deleted when no merchant uses it; 400 with the reason when refused, 429 past the cap.
 */
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

/** What a server-rendered page (the bank's, 3DS) shows of the shop: the brand's name and logo over the older ones. */
export function shopIdentityOf(shop: Pick<MerchantBrandRow, 'display_name' | 'logo_sha256'> & { name: string; logo: string | null }): { name: string; logo: string } {
  return { name: shop.display_name ?? shop.name, logo: logoPathOf(shop) ?? shop.logo ?? '' };
}

/** The shop of the operation a bank page is about, with its brand colour; the gateway's own view of the merchant when the operation is not recorded. */
export async function bankPageShop(db: Queryable, codOper: string, fallback: { name: string; logo: string | null }): Promise<{ name: string; logo: string; brandColor: string | null }> {
  const shop = await findShopOfOperation(db, codOper);
  return shop ? { ...shopIdentityOf(shop), brandColor: shop.brand_color } : { name: fallback.name, logo: fallback.logo ?? '', brandColor: null };
}

/**
 * The merchant as its e-mails show it: the brand's name, logo and colour; the logo an absolute
 * address on the checkout origin (the uploaded one, else an older raster path: mail clients drop
 * SVG). `fallbackName` when the merchant is gone.
 */
export async function mailShopOf(db: Queryable, merchantId: number | null, fallbackName: string, origin: string): Promise<MailShop> {
  const shop = merchantId === null ? undefined : await findShopOfMerchant(db, merchantId);
  if (!shop) return { name: fallbackName, logoUrl: null, color: null };
  return mailShopOfRow(shop, origin);
}

/** mailShopOf for a merchant's row the caller has read. */
export function mailShopOfRow(shop: ShopOfOperation, origin: string): MailShop {
  const { name, logo } = shopIdentityOf(shop);
  const raster = logo.startsWith('/') && !logo.startsWith('//') && !/\.svg$/i.test(logo);
  return { name, logoUrl: raster ? new URL(logo, origin).toString() : null, color: shop.brand_color };
}
