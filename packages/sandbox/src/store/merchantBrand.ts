import type { Database, Queryable } from '../db/Database';
import type { Currency } from '@pasarela/core';

export interface MerchantBrandRow {
  brand_color: string | null;
  display_name: string | null;
  logo_sha256: string | null;
}

export interface MerchantLogo {
  sha256: string;
  contentType: 'image/png' | 'image/jpeg' | 'image/webp';
  width: number;
  height: number;
  bytes: Uint8Array;
}

const BRAND_COLUMNS = 'm.brand_color, m.display_name, m.logo_sha256 from merchants m';

export async function findMerchantBrand(db: Queryable, merchantId: number): Promise<MerchantBrandRow | undefined> {
  const [row] = await db.query<MerchantBrandRow>(`select ${BRAND_COLUMNS} where m.id = $1`, [merchantId]);
  return row;
}

/** Held by every change of logo: an image two merchants share is not deleted while one takes it up. */
const LOGO_LOCK = 'pasarela.merchant_logos';

async function deleteUnusedLogo(tx: Queryable, sha256: string): Promise<void> {
  await tx.query('delete from merchant_logos l where l.sha256 = $1 and not exists (select 1 from merchants m where m.logo_sha256 = l.sha256)', [sha256]);
}

async function currentLogo(tx: Queryable, merchantId: number): Promise<{ logo_sha256: string | null } | undefined> {
  const [row] = await tx.query<{ logo_sha256: string | null }>('select logo_sha256 from merchants where id = $1 for update', [merchantId]);
  return row;
}

/** Null clears a part, undefined keeps it; `logo: null` drops the logo (its image when unused). */
export async function updateMerchantBrand(
  db: Database, merchantId: number,
  change: { color?: string | null | undefined; displayName?: string | null | undefined; dropLogo?: boolean | undefined },
): Promise<MerchantBrandRow | undefined> {
  const update = async (tx: Queryable) => {
    const [row] = await tx.query<MerchantBrandRow>(
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
  };
  if (change.dropLogo !== true) return update(db);
  return db.transaction(async (tx) => {
    const before = await currentLogo(tx, merchantId);
    const row = await update(tx);
    if (before?.logo_sha256) await deleteUnusedLogo(tx, before.logo_sha256);
    return row;
  }, { advisoryLock: LOGO_LOCK });
}

export interface LogoUploadCap {
  uploads: number;
  windowMs: number;
}

export type SetLogoResult =
  | { kind: 'set'; brand: MerchantBrandRow }
  | { kind: 'no_merchant' }
  | { kind: 'limited'; windowEndsAt: Date };

/** In one transaction: the upload counted against the cap (conditional upsert), one image row per distinct bytes, the replaced one deleted when unused. */
export async function setMerchantLogo(db: Database, merchantId: number, logo: MerchantLogo, cap: LogoUploadCap): Promise<SetLogoResult> {
  return db.transaction(async (tx): Promise<SetLogoResult> => {
    const before = await currentLogo(tx, merchantId);
    if (!before) return { kind: 'no_merchant' };
    const [counted] = await tx.query<{ uploads: number }>(
      `insert into logo_uploads as u (merchant_id, uploads, window_ends_at) values ($1, 1, now() + $2::int * interval '1 millisecond')
       on conflict (merchant_id) do update set
         uploads = case when u.window_ends_at > now() then u.uploads + 1 else 1 end,
         window_ends_at = case when u.window_ends_at > now() then u.window_ends_at else excluded.window_ends_at end
       where u.window_ends_at <= now() or u.uploads < $3
       returning uploads`,
      [merchantId, cap.windowMs, cap.uploads],
    );
    if (!counted) {
      const [window] = await tx.query<{ window_ends_at: Date }>('select window_ends_at from logo_uploads where merchant_id = $1', [merchantId]);
      return { kind: 'limited', windowEndsAt: window?.window_ends_at ?? new Date() };
    }
    await tx.query(
      'insert into merchant_logos (sha256, content_type, width, height, bytes) values ($1, $2, $3, $4, $5) on conflict (sha256) do nothing',
      [logo.sha256, logo.contentType, logo.width, logo.height, logo.bytes],
    );
    const [brand] = await tx.query<MerchantBrandRow>(
      `with updated as (update merchants set logo_sha256 = $2 where id = $1 returning *)
       select ${BRAND_COLUMNS.replace('from merchants m', 'from updated m')}`,
      [merchantId, logo.sha256],
    );
    if (!brand) throw new Error(`merchant ${merchantId} went away while locked`);
    if (before.logo_sha256 && before.logo_sha256 !== logo.sha256) await deleteUnusedLogo(tx, before.logo_sha256);
    return { kind: 'set', brand };
  }, { advisoryLock: LOGO_LOCK });
}

export async function findMerchantLogo(db: Queryable, sha256: string): Promise<{ content_type: string; bytes: Uint8Array } | undefined> {
  const [row] = await db.query<{ content_type: string; bytes: Uint8Array }>('select content_type, bytes from merchant_logos where sha256 = $1', [sha256]);
  return row;
}

export interface ShopOfOperation extends MerchantBrandRow {
  name: string;
  logo: string;
}

export async function findShopOfOperation(db: Queryable, codOper: string): Promise<ShopOfOperation | undefined> {
  const [row] = await db.query<ShopOfOperation>(
    'select m.name, m.logo, m.brand_color, m.display_name, m.logo_sha256 from transactions t join merchants m on m.id = t.merchant_id where t.cod_oper = $1',
    [codOper],
  );
  return row;
}

/** With the merchant's currency, in which its links and plans are priced. */
export async function findShopOfMerchant(db: Queryable, merchantId: number): Promise<(ShopOfOperation & { currency: Currency }) | undefined> {
  const [row] = await db.query<ShopOfOperation & { currency: Currency }>('select name, logo, brand_color, display_name, logo_sha256, currency from merchants where id = $1', [merchantId]);
  return row;
}
