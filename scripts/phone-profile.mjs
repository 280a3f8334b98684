// A payer's phone as the benches model it (PRODUCT.md "Speed": Lighthouse's mobile profile): the
// network and CPU that Chromium emulates through CDP, the screen, and Chrome on Android's process model.

/** Lighthouse's mobile throttling: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU 4x slower. */
export const MOBILE = {
  network: { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
  cpuRate: 4,
};

/** Lighthouse's mobile screen (a Moto G Power): what a browser context is made with. */
export const PHONE_CONTEXT = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/**
 * Chrome on Android isolates only sites a payer logs in to: the shop's, the checkout's and the card
 * vault's frames share the page's process, and one CDP session throttles them all from the start.
 */
export const ANDROID_PROCESS_ARGS = ['--disable-site-isolation-trials', '--disable-features=IsolateOrigins,site-per-process'];

/** The profile's network and CPU on a CDP session's target and every frame in its process. */
export async function throttleSession(cdp) {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', MOBILE.network);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpuRate });
  return cdp;
}

/** The profile on a page before it navigates. */
export async function throttlePage(context, page) {
  return throttleSession(await context.newCDPSession(page));
}

/** Throws when a frame of the page has a process of its own: the profile's throttling would miss it. */
export async function assertOneProcess(context, page) {
  for (const frame of page.frames()) {
    if (frame === page.mainFrame()) continue;
    const separate = await context.newCDPSession(frame).then((cdp) => cdp.detach().then(() => true), () => false);
    if (separate) throw new Error(`the frame ${frame.url()} has a process of its own: the phone profile needs Chrome on Android's process model`);
  }
}
