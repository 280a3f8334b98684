import type { ParentBridge } from '../services/services';

export function reportHeight(element: HTMLElement, bridge: ParentBridge): () => void {
  if (!bridge.embedded || typeof ResizeObserver === 'undefined') return () => {};
  let last = -1;
  const observer = new ResizeObserver(() => {
    const height = Math.ceil(element.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    bridge.notify({ type: 'resize', height });
  });
  observer.observe(element);
  return () => observer.disconnect();
}
