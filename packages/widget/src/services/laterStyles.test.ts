import { describe, expect, it } from 'vitest';
import { laterStyles, styleSheetLoader } from './laterStyles';

interface FakeLink {
  rel: string;
  href: string;
  onload: (() => void) | null;
  onerror: (() => void) | null;
  remove(): void;
}

/**
 * A page whose <head> only records links: the test says when a sheet has loaded or failed.
 * `linked`: the style sheets the page's own markup links.
 */
function fakePage(linked: string[] = []) {
  const links: FakeLink[] = [];
  const page = {
    querySelectorAll: () => linked.map((href) => ({ getAttribute: (name: string) => (name === 'href' ? href : null) })),
    createElement: () => {
      const link: FakeLink = { rel: '', href: '', onload: null, onerror: null, remove: () => void links.splice(links.indexOf(link), 1) };
      return link;
    },
    head: { appendChild: (link: FakeLink) => links.push(link) },
  };
  return { page: page as unknown as Document, links, sheets: () => links.filter((l) => l.rel === 'stylesheet').map((l) => l.href) };
}

// Issue 25: the styles the first screen does not need are a sheet of their own, linked when a later
// screen first shows (the widget's CSP allows style-src 'self').
describe('the later style sheet', () => {
  it('links the sheet once, however many screens ask, and resolves when it has loaded', async () => {
    const { page, links, sheets } = fakePage();
    const load = styleSheetLoader('/widget/assets/later-abc.css', () => page);
    let done = false;
    const first = load().then(() => (done = true));
    const second = load();
    expect(sheets()).toEqual(['/widget/assets/later-abc.css']);
    await Promise.resolve();
    expect(done).toBe(false);
    links[0]?.onload?.();
    await Promise.all([first, second]);
    expect(done).toBe(true);
    await load();
    expect(sheets()).toEqual(['/widget/assets/later-abc.css']);
  });

  it('lets the screen show when the sheet fails, and tries again on the next screen', async () => {
    const { page, links, sheets } = fakePage();
    const load = styleSheetLoader('/widget/assets/later-def.css', () => page);
    const failed = load();
    links[0]?.onerror?.();
    await failed;
    expect(sheets()).toEqual([]);
    void load();
    expect(sheets()).toEqual(['/widget/assets/later-def.css']);
  });

  it('links nothing again when the page links it already (the server\'s receipt page), and the screen shows at once', async () => {
    const { page, sheets } = fakePage(['/widget/assets/later-abc.css']);
    await styleSheetLoader('/widget/assets/later-abc.css', () => page)();
    expect(sheets()).toEqual([]);
  });

  it('links nothing unbuilt (the placeholder is no address) or with no document (the server\'s prerender)', async () => {
    const { page, sheets } = fakePage();
    await styleSheetLoader('__PLACEHOLDER__', () => page)();
    await styleSheetLoader('/widget/assets/later-abc.css', () => undefined)();
    expect(sheets()).toEqual([]);
    await laterStyles();
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });
});
