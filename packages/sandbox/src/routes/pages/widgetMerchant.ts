import type { Queryable } from '../../db/Database';
import { findPlan, findStation, findSubscription } from '../../store/catalog';
import { findLinkByCode, findLinkBySlug, findLinkBySlugAndCode } from '../../store/links';
import { findMerchant, findMerchantOfLinkCode, type MerchantRow } from '../../store/merchants';

/** First path segments that are pages of their own, never a link's slug (SPEC 2). */
const RESERVED = new Set(['', 'pf', 'stationPayment', '404', 'widget', 'sdk', 'images']);

async function merchantIdOfCode(db: Queryable, code: string, type: string): Promise<number | undefined> {
  if (type === 'slug') return (await findLinkBySlug(db, code))?.merchant_id;
  if (type === 'slugCode') {
    const [slug = '', linkCode = ''] = code.split('/');
    return (await findLinkBySlugAndCode(db, slug, linkCode))?.merchant_id;
  }
  if (type === 'ps') return (await findStation(db, code))?.merchant_id;
  if (type === 'subs') {
    const sub = await findSubscription(db, code);
    return sub ? (await findPlan(db, sub.plan_id))?.merchant_id : undefined;
  }
  return (await findLinkByCode(db, code))?.merchant_id;
}

async function merchantIdOfPath(db: Queryable, path: string): Promise<number | undefined> {
  const [first = '', second, ...rest] = path.split('/').filter((s) => s !== '');
  if (RESERVED.has(first) || rest.length > 0) return undefined;
  const slug = decodeURIComponent(first);
  if (second === undefined || second === 'receive') {
    return (await findLinkBySlug(db, slug))?.merchant_id ?? (await merchantIdOfCode(db, slug, 'subs'));
  }
  return (await findLinkBySlugAndCode(db, slug, decodeURIComponent(second)))?.merchant_id;
}

/**
 * The merchant whose link a widget page shows: from `?code=&type=` (how the loader opens
 * /pf/widget), else from the SPEC 2 paths /{slug}, /{slug}/{code}, /{slug or subscriptionKey}/receive.
 */
export async function widgetMerchant(db: Queryable, path: string, query: { code?: string | undefined; type?: string | undefined }): Promise<MerchantRow | undefined> {
  const code = query.code?.trim() ?? '';
  const type = query.type ?? 'lk';
  const byCode = code !== '' && code.length <= 200;
  // How the loader opens every link checkout: one query.
  if (byCode && type === 'lk') return findMerchantOfLinkCode(db, code);
  let id: number | undefined;
  try {
    id = byCode ? await merchantIdOfCode(db, code, type) : await merchantIdOfPath(db, path);
  } catch (error) {
    if (error instanceof URIError) return undefined;
    throw error;
  }
  return id === undefined ? undefined : findMerchant(db, id);
}
