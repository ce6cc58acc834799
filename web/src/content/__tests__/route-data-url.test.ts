import { describe, expect, it } from 'vitest';
import { embeddedDataMatches, encodePathname, layoutDataUrl, routeDataUrl } from '../route-data-url';

describe('routeDataUrl', () => {
  it('reads the home page from itself', () => {
    expect(routeDataUrl('/')).toBe('/');
  });

  it('reads a route from its own page', () => {
    expect(routeDataUrl('/aboutUs')).toBe('/aboutUs');
    expect(routeDataUrl('/products')).toBe('/products');
  });

  it('drops a trailing slash', () => {
    expect(routeDataUrl('/aboutUs/')).toBe('/aboutUs');
    expect(routeDataUrl('/railway-registration/PCMM/')).toBe('/railway-registration/PCMM');
  });

  it('keeps the pathname percent-encoded as the URL has it', () => {
    expect(routeDataUrl('/services/Dental%20centre%20setup')).toBe('/services/Dental%20centre%20setup');
  });

  it('keeps an encoded trailing space of a service id', () => {
    expect(routeDataUrl('/services/Emergency%20centre%20setup%20')).toBe('/services/Emergency%20centre%20setup%20');
  });

  it('reads the job form alias /JobApplicationForm from /jobapplicationform', () => {
    expect(routeDataUrl('/JobApplicationForm')).toBe('/jobapplicationform');
    expect(routeDataUrl('/jobapplicationform')).toBe('/jobapplicationform');
  });
});

describe('encodePathname', () => {
  it('encodes a decoded path without trimming a trailing space', () => {
    expect(encodePathname('/services/Emergency centre setup ')).toBe('/services/Emergency%20centre%20setup%20');
  });

  it('leaves an encoded path as it is', () => {
    expect(encodePathname('/services/Dental%20centre%20setup')).toBe('/services/Dental%20centre%20setup');
  });
});

describe('embeddedDataMatches (hydrate, or render 404.html from scratch)', () => {
  it('matches the same path', () => {
    expect(embeddedDataMatches('/aboutUs', '/aboutUs')).toBe(true);
    expect(embeddedDataMatches('/', '/')).toBe(true);
  });

  it('ignores a trailing slash on either side', () => {
    expect(embeddedDataMatches('/aboutUs', '/aboutUs/')).toBe(true);
    expect(embeddedDataMatches('/aboutUs/', '/aboutUs')).toBe(true);
  });

  it('compares decoded paths, trailing spaces included', () => {
    expect(embeddedDataMatches('/services/Dental centre setup', '/services/Dental%20centre%20setup')).toBe(true);
    expect(embeddedDataMatches('/services/Emergency centre setup ', '/services/Emergency%20centre%20setup%20/')).toBe(
      true,
    );
    expect(embeddedDataMatches('/services/Emergency centre setup ', '/services/Emergency%20centre%20setup')).toBe(false);
  });

  it('does not match when 404.html is served for another URL', () => {
    expect(embeddedDataMatches(null, '/no-such-page')).toBe(false);
    expect(embeddedDataMatches(null, '/')).toBe(false);
    expect(embeddedDataMatches('/404', '/no-such-page')).toBe(false);
    expect(embeddedDataMatches('/404', '/services/no-such-service')).toBe(false);
  });
});

describe('layoutDataUrl', () => {
  const page = (head: string) => new DOMParser().parseFromString(`<html><head>${head}</head></html>`, 'text/html');

  it("is the layout file the entry script's data-layout names", () => {
    const doc = page('<script type="module" src="/assets/entry.js" data-layout="/assets/layout.1a2b3c4d.json"></script>');
    expect(layoutDataUrl(doc)).toBe('/assets/layout.1a2b3c4d.json');
  });

  it('says so when the page names none (a template without data-layout)', () => {
    expect(() => layoutDataUrl(page('<script type="module" src="/assets/entry.js"></script>'))).toThrow(/data-layout/);
  });
});
