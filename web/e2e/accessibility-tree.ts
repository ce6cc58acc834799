import type { Locator, Page } from '@playwright/test';

type AXNode = { ignored: boolean; role?: { value?: string }; name?: { value?: string } };

/**
 * How many nodes of `role` named `name` Chromium's accessibility tree exposes to a
 * screen reader. Unlike Playwright's role locators, it leaves out what a modal dialog
 * makes inert behind it.
 */
export async function exposedCount(page: Page, role: string, name: string | RegExp): Promise<number> {
  const session = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await session.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] };
    return nodes.filter((node) => {
      const nodeName = node.name?.value ?? '';
      const named = typeof name === 'string' ? nodeName === name : name.test(nodeName);
      return !node.ignored && node.role?.value === role && named;
    }).length;
  } finally {
    await session.detach();
  }
}

/**
 * The expanded state Chromium exposes for an element (null when it has none): for a
 * button that toggles a popover, the browser derives it from the popover's state, with
 * no aria-expanded attribute to read.
 */
export async function isExpanded(element: Locator): Promise<boolean | null> {
  const page = element.page();
  const marker = `probe-${Math.random().toString(36).slice(2)}`;
  await element.evaluate((node, value) => node.setAttribute('data-accessibility-probe', value), marker);
  const session = await page.context().newCDPSession(page);
  try {
    const { root } = await session.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await session.send('DOM.querySelector', {
      nodeId: root.nodeId,
      selector: `[data-accessibility-probe="${marker}"]`,
    });
    const { nodes } = (await session.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false })) as {
      nodes: Array<AXNode & { properties?: Array<{ name: string; value: { value?: unknown } }> }>;
    };
    const expanded = nodes[0]?.properties?.find((property) => property.name === 'expanded');
    return expanded ? expanded.value.value === true : null;
  } finally {
    await session.detach();
    await element.evaluate((node) => node.removeAttribute('data-accessibility-probe'));
  }
}
