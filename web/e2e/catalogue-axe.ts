import path from 'node:path';
import type { Page } from '@playwright/test';

const AXE_PATH = path.resolve(import.meta.dirname, '../node_modules/axe-core/axe.min.js');

/**
 * Parts of the frame that are not the screens' own: the floating chat button sits
 * outside every landmark (axe "region"), which the frame's owner is told about.
 */
const FRAME_EXCLUDES = ['.chat-button'];

/** axe-core's violations on the page as "rule: target, …" lines (empty: none). */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(async (exclude) => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<AxeResults> } }).axe;
    type AxeResults = { violations: { id: string; nodes: { target: string[] }[] }[] };
    const results = await axe.run({ include: [['html']], exclude: exclude.map((selector) => [selector]) }, { resultTypes: ['violations'] });
    return results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  }, FRAME_EXCLUDES);
}
