import { afterEach, describe, expect, it } from 'vitest';
import { preloadModules } from '../preload-modules';

describe('preloadModules', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('links each module the entry script lists as a modulepreload, in order', () => {
    document.head.innerHTML =
      '<script type="module" src="/assets/entry.js" data-preload="/assets/app.js /assets/HomePage.js"></script>';
    preloadModules();
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/assets/app.js', '/assets/HomePage.js']);
  });

  it('adds nothing when the list is empty or missing', () => {
    document.head.innerHTML = '<script type="module" src="/assets/entry.js" data-preload=""></script>';
    preloadModules();
    document.head.querySelector('script')?.remove();
    preloadModules();
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });
});
