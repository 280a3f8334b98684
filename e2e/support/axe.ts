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

/** PRODUCT.md "Accessibility": axe-core's serious and critical violations on the page, as readable lines. */
export async function seriousViolations(page: Page | Frame): Promise<string[]> {
  // evaluate, not a <script> tag: the widget's Content-Security-Policy allows only its own scripts;
  // once per document (a page checked again keeps it).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource());
  // Only the violations are gathered: the passes and the incomplete ones cost a third of the run.
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(options: { resultTypes: string[] }): Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run({ resultTypes: ['violations'] })).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
