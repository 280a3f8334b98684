import { expect, vi } from 'vitest';
import { settle } from './render';

const REGION = '[aria-live], [role="status"], [role="alert"], [role="log"], [role="timer"]';
const IMPLICIT: Record<string, string> = { status: 'polite', alert: 'assertive', log: 'polite', timer: 'off' };

/**
 * What a screen reader would hear from live regions under `root`: each text a region shows that
 * appears while the region is live (read when the change is seen, after the render that made it).
 */
export function recordAnnouncements(root: Node): { said: string[]; stop(): void } {
  const said: string[] = [];
  const observer = new MutationObserver((mutations) => {
    const regions = new Set<Element>();
    for (const mutation of mutations) {
      if (mutation.type === 'attributes') continue;
      const at = mutation.target instanceof Element ? mutation.target : mutation.target.parentElement;
      const region = at?.closest(REGION);
      if (region) regions.add(region);
    }
    for (const region of regions) {
      const live = region.getAttribute('aria-live') ?? IMPLICIT[region.getAttribute('role') ?? ''] ?? 'off';
      const text = region.textContent?.trim() ?? '';
      if (live !== 'off' && text) said.push(text);
    }
  });
  observer.observe(root, { subtree: true, childList: true, characterData: true });
  return { said, stop: () => observer.disconnect() };
}

/**
 * What live regions under `root` say from `press` on: once `text` was said, and 100 ms more (a repeat
 * would have come by then).
 */
export async function saidAfter(root: Node, press: () => unknown, text: string): Promise<string[]> {
  const heard = recordAnnouncements(root);
  await press();
  await vi.waitFor(async () => {
    await settle();
    expect(heard.said).toContain(text);
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
  await settle();
  heard.stop();
  return heard.said;
}
