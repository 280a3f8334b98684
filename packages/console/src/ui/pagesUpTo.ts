import type { Page } from '../api/schemas';

/**
 * The first pages of a list, read until they hold at least `rows` rows (one page at least) or the list
 * ends: what was on screen before a reload is on screen after it.
 */
export async function pagesUpTo<T>(rows: number, read: (cursor?: string) => Promise<Page<T>>): Promise<Page<T> & { pages: number }> {
  let page = await read();
  const data = [...page.data];
  let pages = 1;
  while (data.length < rows && page.nextCursor !== null) {
    page = await read(page.nextCursor);
    data.push(...page.data);
    pages += 1;
  }
  return { data, nextCursor: page.nextCursor, pages };
}
