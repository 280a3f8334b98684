import type { Page } from './answers';

/**
 * A list call: await it for one page, or iterate it with `for await` for every item of every page
 * (the next page is asked for only when the loop gets there).
 */
export type PagePromise<T> = Promise<Page<T>> & AsyncIterable<T>;

/** `fetchPage` gets the page at a cursor (undefined: the first). */
export function pagePromise<T>(fetchPage: (cursor: string | undefined) => Promise<Page<T>>, firstCursor: string | undefined): PagePromise<T> {
  let first: Promise<Page<T>> | undefined;
  const firstPage = () => (first ??= fetchPage(firstCursor));
  return {
    then: (onFulfilled, onRejected) => firstPage().then(onFulfilled, onRejected),
    catch: (onRejected) => firstPage().catch(onRejected),
    finally: (onFinally) => firstPage().finally(onFinally),
    [Symbol.toStringTag]: 'PagePromise',
    async *[Symbol.asyncIterator]() {
      let page = await firstPage();
      for (;;) {
        yield* page.data;
        if (!page.hasMore || page.nextCursor === null) return;
        page = await fetchPage(page.nextCursor);
      }
    },
  };
}
