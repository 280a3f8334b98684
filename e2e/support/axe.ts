import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let source: string | undefined;
const axeSource = () => (source ??= readFileSync(axePath, 'utf8'));

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/**
 * PRODUCT.md "Accessibility": axe-core's serious and critical violations on the page, as readable
 * lines, with `target-size` on (WCAG 2.2's 2.5.8, which axe leaves off by default): a control under
 * 24 px without room around it is a serious violation too.
 */
export async function seriousViolations(page: Page | Frame): Promise<string[]> {
  // evaluate, not a <script> tag: the widget's Content-Security-Policy allows only its own scripts;
  // once per document (a page checked again keeps it).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource());
  // Only the violations are gathered: the passes and the incomplete ones cost a third of the run.
  const violations = await page.evaluate(async () => {
    interface Node { target: string[]; element?: Element; any: Array<{ data: { messageKey?: string } | null; relatedNodes: Array<{ element?: Element }> }> }
    interface Violation { id: string; impact: string | null; help: string; nodes: Node[] }
    type RunOptions = { resultTypes: string[]; elementRef: boolean; rules: Record<string, { enabled: boolean }> };
    const axe = (window as unknown as { axe: { run(options: RunOptions): Promise<{ violations: Violation[] }> } }).axe;
    const found = (await axe.run({ resultTypes: ['violations'], elementRef: true, rules: { 'target-size': { enabled: true } } })).violations;
    // axe measures a sticky element where it is drawn now, over whatever scrolls under it
    // (dequelabs/axe-core#3720): a field that only passes under the card form's sticky Pay at this
    // scroll is not an undersized target. Any other target-size finding stays.
    const underStickyOnly = (node: Node) =>
      node.any.length > 0 &&
      node.any.every((check) => check.relatedNodes.length > 0 && check.relatedNodes.every((related) => related.element && getComputedStyle(related.element).position === 'sticky'));
    return found
      .map((v) => (v.id === 'target-size' ? { ...v, nodes: v.nodes.filter((n) => !underStickyOnly(n)) } : v))
      .filter((v) => v.nodes.length > 0)
      .map(({ id, impact, help, nodes }): AxeViolation => ({ id, impact, help, nodes: nodes.map((n) => ({ target: n.target })) }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
