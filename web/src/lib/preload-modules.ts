import { yieldToMain } from './yield-to-main';

/**
 * Starts fetching the page's JavaScript modules (the app and the screen's chunks) that
 * the page shell lists on the entry script's `data-preload`, space-separated. The shell
 * does not link them itself: fetched only after the first paint, they never compete
 * with the stylesheet and the images of the first screen. Resolves once every fetch
 * has started.
 */
export async function preloadModules(doc: Document = document): Promise<void> {
  const list = doc.querySelector<HTMLScriptElement>('script[data-preload]')?.dataset.preload ?? '';
  for (const href of list.split(' ')) {
    if (!href) continue;
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    doc.head.append(link);
    // Starting a fetch took 1-10 ms in Lighthouse's trace, and a page lists up to 16
    // modules: together they made a long task, so each starts in a task of its own.
    await yieldToMain();
  }
}
