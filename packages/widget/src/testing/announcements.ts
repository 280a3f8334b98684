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
