import { afterEach, describe, expect, it } from 'vitest';
import { preloadModules } from '../preload-modules';

describe('preloadModules', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('links each module the entry script lists as a modulepreload, in order, one a task', async () => {
    document.head.innerHTML =
      '<script type="module" src="/assets/entry.js" data-preload="/assets/app.js /assets/HomePage.js"></script>';
    const done = preloadModules();
    expect(document.head.querySelectorAll('link')).toHaveLength(1);
    await done;
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/assets/app.js', '/assets/HomePage.js']);
  });

  it('adds nothing when the list is empty or missing', async () => {
    document.head.innerHTML = '<script type="module" src="/assets/entry.js" data-preload=""></script>';
    await preloadModules();
    document.head.querySelector('script')?.remove();
    await preloadModules();
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });
});
