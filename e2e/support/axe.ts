import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';
import type * as Axe from 'axe-core';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let source: string | undefined;
const axeSource = () => (source ??= readFileSync(axePath, 'utf8'));

/** What one check reads. */
export interface AxeScope {
  /** false: the document alone, its frames unread (a merchant's shop page, whose frame, the checkout, is checked on its own). */
  frames?: boolean;
  /**
   * A document shown inside another's page (an e-mail in a mail client): the rules about a whole page
   * (one main landmark, a first heading, content inside landmarks) are the client's, not the document's.
   */
  fragment?: boolean;
}

/** `target-size` on: WCAG 2.2's 2.5.8, which axe leaves off by default. Only violations are gathered: the passes cost a third of the run. */
const optionsFor = ({ fragment = false }: AxeScope): Axe.RunOptions => ({
  resultTypes: ['violations'],
  rules: {
    'target-size': { enabled: true },
    ...(fragment ? { 'landmark-one-main': { enabled: false }, 'page-has-heading-one': { enabled: false }, region: { enabled: false } } : {}),
  },
});

declare const axe: typeof Axe;

/** Given axe once per document: evaluate, not a <script> tag, which the widget's and the vault's Content-Security-Policy refuse. */
async function withAxe(frame: Frame): Promise<void> {
  if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(axeSource());
}

/**
 * axe-core's own way through frames (runPartial in each, depth first, finishRun over them all): each
 * frame is read in its own document, whatever its origin, and the page's rules judge them together.
 * A frame that went meanwhile counts as not read (null), as axe takes it.
 */
async function partialResults(frame: Frame, context: Axe.SerialContextObject | null, scope: AxeScope): Promise<Array<Axe.PartialResult | null>> {
  await withAxe(frame);
  // The page's own document when no context is given; a frame's, as its parent's run named it.
  const frames = await frame.evaluate((ctx) => axe.utils.getFrameContexts((ctx ?? document) as Axe.ElementContext, {}) as Array<{ frameSelector: Axe.CrossTreeSelector; frameContext: Axe.SerialContextObject }>, context);
  const own = await frame.evaluate(([ctx, options]) => axe.runPartial((ctx ?? document) as Axe.ElementContext, options), [context, optionsFor(scope)] as const);
  const inner: Array<Axe.PartialResult | null> = [];
  for (const { frameSelector, frameContext } of frames) {
    const element = scope.frames === false ? null : (await frame.evaluateHandle((selector) => axe.utils.shadowSelect(selector), frameSelector)).asElement();
    const child = await element?.contentFrame();
    inner.push(...(child ? await partialResults(child, frameContext, scope).catch(() => [null]) : [null]));
  }
  return [own, ...inner];
}

/** Whether the element a node names (a selector per frame, outermost first) is drawn sticky. */
async function isSticky(top: Frame, target: readonly unknown[]): Promise<boolean> {
  let frame: Frame | null = top;
  for (const selector of target.slice(0, -1)) {
    frame = frame ? await (await frame.$(String(selector)))?.contentFrame() ?? null : null;
  }
  const last = target.at(-1);
  return frame !== null && typeof last === 'string' && (await frame.evaluate((selector) => {
    const element = document.querySelector(selector);
    return element !== null && getComputedStyle(element).position === 'sticky';
  }, last));
}

/**
 * PRODUCT.md "Accessibility": axe-core finds no violation of any impact, with `target-size` on (a
 * control under 24 px without room around it fails too). The frames inside the page (the checkout in
 * a shop, the card vault's fields in the checkout) are read with it, as one page: a rule about the
 * whole page (one main landmark, a first heading, content inside landmarks) is judged on the page
 * and its frames together (`scope` narrows it). Each violation is a readable line; a node in a
 * frame is named by the frame's selector, then its own.
 */
export async function axeViolations(page: Page | Frame, scope: AxeScope = {}): Promise<string[]> {
  const top = 'mainFrame' in page ? page.mainFrame() : page;
  const partials = await partialResults(top, null, scope);
  const { violations } = await top.evaluate(([all, options]) => axe.finishRun(all as Axe.PartialResults, options), [partials, optionsFor(scope)] as const);
  const lines: string[] = [];
  for (const violation of violations) {
    const nodes: Axe.NodeResult[] = [];
    for (const node of violation.nodes) {
      // axe measures a sticky element where it is drawn now, over whatever scrolls under it
      // (dequelabs/axe-core#3720): a field that only passes under the card form's sticky Pay at this
      // scroll is not an undersized target. Any other target-size finding stays.
      const related = node.any.flatMap((check) => check.relatedNodes ?? []);
      const underStickyOnly = violation.id === 'target-size' && node.any.length > 0 && node.any.every((check) => (check.relatedNodes ?? []).length > 0)
        && (await Promise.all(related.map((r) => isSticky(top, r.target)))).every(Boolean);
      if (!underStickyOnly) nodes.push(node);
    }
    if (nodes.length > 0) lines.push(`${violation.impact} ${violation.id}: ${violation.help} at ${nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }
  return lines;
}
