type MovingParent = HTMLElement & { moveBefore?: (node: Node, child: Node | null) => void };

/**
 * A checkout closed while a payment's answer is on its way waits for it out of sight, in its
 * container (the loader's hideAway). Called just before React removes a container, this moves those
 * frames to the body, where they live until the loader removes them with the answer. Only
 * `moveBefore()` keeps a frame's page alive as it moves (a removed or re-inserted iframe loads
 * again, and the answer would never come); where the browser has none (Safari), the frames go with
 * the container and the loader reports each such payment as `unknown`, with its lookup, after
 * CLOSE_WAIT_MS.
 */
export function keepWaitingAlive(container: HTMLElement): void {
  const body = document.body as MovingParent;
  if (typeof body.moveBefore != 'function') return;
  // what the loader removed as it closed is gone: the frames left wait for an answer
  for (const frame of Array.from(container.children)) {
    if (frame instanceof HTMLIFrameElement) body.moveBefore(frame, null);
  }
}
