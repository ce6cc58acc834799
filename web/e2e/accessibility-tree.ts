import type { Page } from '@playwright/test';

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
