// Which frame holds the card-number field, for the benches: the card vault's fields page (issue 90),
// framed in the checkout's /pf/widget page, or the floor's /pf/widget frame, which has the input itself
// (as a checkout built before issue 90 did).

/**
 * Whether a frame at this path is one the card-number field may be in. The benches give its source to
 * every frame of a page (`${isCardFieldFramePath}`), so it names nothing outside itself.
 */
export function isCardFieldFramePath(pathname) {
  return pathname === '/fields' || pathname.startsWith('/pf/widget');
}

/** The card vault's fields frame among a page's frames (Playwright's), if it framed one. */
export function vaultFieldsFrameOf(page) {
  return page.frames().find((frame) => {
    try {
      return new URL(frame.url()).pathname === '/fields';
    } catch {
      return false;
    }
  });
}

/** Where the card fields are, from the checkout's (or the floor's) frame locator: the card vault's frame in it, or itself. */
export async function cardFieldsIn(frame) {
  return (await frame.locator('iframe.vault-fields').count()) > 0 ? frame.frameLocator('iframe.vault-fields') : frame;
}
