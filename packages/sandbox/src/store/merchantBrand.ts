import type { Queryable } from '../db/Database';

/** A merchant's stored brand (migration 019): null parts are unset. */
export interface MerchantBrandRow {
  brand_color: string | null;
  display_name: string | null;
  logo_sha256: string | null;
}

/** An uploaded logo as stored: the image's bytes, its type and size. */
export interface MerchantLogo {
  sha256: string;
  contentType: 'image/png' | 'image/jpeg' | 'image/webp';
  width: number;
  height: number;
  bytes: Uint8Array;
}

const BRAND_COLUMNS = 'm.brand_color, m.display_name, m.logo_sha256 from merchants m';

/** The merchant's brand; undefined when no such merchant. */
export async function findMerchantBrand(db: Queryable, merchantId: number): Promise<MerchantBrandRow | undefined> {
  const [row] = await db.query<MerchantBrandRow>(`select ${BRAND_COLUMNS} where m.id = $1`, [merchantId]);
  return row;
}

/**
 * Sets the colour and the display name, each when given (null clears it, undefined keeps it), and
 * `logo: null` drops the logo; the brand as it stands after; undefined when no such merchant.
 */
export async function updateMerchantBrand(
  db: Queryable, merchantId: number,
  change: { color?: string | null | undefined; displayName?: string | null | undefined; dropLogo?: boolean | undefined },
): Promise<MerchantBrandRow | undefined> {
  const [row] = await db.query<MerchantBrandRow>(
    `with updated as (
       update merchants set
         brand_color = case when $2 then $3 else brand_color end,
         display_name = case when $4 then $5 else display_name end,
         logo_sha256 = case when $6 then null else logo_sha256 end
       where id = $1 returning *)
     select ${BRAND_COLUMNS.replace('from merchants m', 'from updated m')}`,
    [merchantId, change.color !== undefined, change.color ?? null, change.displayName !== undefined, change.displayName ?? null, change.dropLogo === true],
  );
  return row;
}

/**
 * Keeps the image (once per distinct bytes: the same upload again is the same row), then makes it
 * the merchant's logo; the brand after; undefined when no such merchant (the image then stays
 * unreferenced, as a replaced logo does: its address may still be in a payer's cache).
 */
export async function setMerchantLogo(db: Queryable, merchantId: number, logo: MerchantLogo): Promise<MerchantBrandRow | undefined> {
  await db.query(
    'insert into merchant_logos (sha256, content_type, width, height, bytes) values ($1, $2, $3, $4, $5) on conflict (sha256) do nothing',
    [logo.sha256, logo.contentType, logo.width, logo.height, logo.bytes],
  );
  const [row] = await db.query<MerchantBrandRow>(
    `with updated as (update merchants set logo_sha256 = $2 where id = $1 returning *)
     select ${BRAND_COLUMNS.replace('from merchants m', 'from updated m')}`,
    [merchantId, logo.sha256],
  );
  return row;
}

/** A stored logo's bytes and type, by its hash. */
export async function findMerchantLogo(db: Queryable, sha256: string): Promise<{ content_type: string; bytes: Uint8Array } | undefined> {
  const [row] = await db.query<{ content_type: string; bytes: Uint8Array }>('select content_type, bytes from merchant_logos where sha256 = $1', [sha256]);
  return row;
}

/** The merchant of an operation as a bank page shows it: its name, older logo path and brand. */
export interface ShopOfOperation extends MerchantBrandRow {
  name: string;
  logo: string;
}

/** The merchant whose payment the operation is (a bank page's "whose payment this is"); undefined when no such operation. */
export async function findShopOfOperation(db: Queryable, codOper: string): Promise<ShopOfOperation | undefined> {
  const [row] = await db.query<ShopOfOperation>(
    'select m.name, m.logo, m.brand_color, m.display_name, m.logo_sha256 from transactions t join merchants m on m.id = t.merchant_id where t.cod_oper = $1',
    [codOper],
  );
  return row;
}

/** A merchant's name, older logo path and brand; undefined when no such merchant. */
export async function findShopOfMerchant(db: Queryable, merchantId: number): Promise<ShopOfOperation | undefined> {
  const [row] = await db.query<ShopOfOperation>('select name, logo, brand_color, display_name, logo_sha256 from merchants where id = $1', [merchantId]);
  return row;
}
