import type { Page, Request } from '@playwright/test';
import { test, expect, waitForApp, appErrors, isHydrated, reachFooter } from './support';
import { isExpanded } from './accessibility-tree';

// The frame of every screen (spec §2): top contact bar, navigation with its dropdowns,
// the Get a Quote dialog, the footer and its accordion, the floating chat button.

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForApp(page);
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const menuToggle = (page: Page, label: string) => nav(page).getByRole('button', { name: `${label} menu`, exact: true });

/** On a phone the menu first opens behind its toggle. */
async function showMenu(page: Page, isMobile: boolean) {
  if (!isMobile) return;
  const toggle = nav(page).getByRole('button', { name: 'Menu', exact: true });
  await toggle.click();
  await expect.poll(() => isExpanded(toggle)).toBe(true);
}

test.describe('top contact bar', () => {
  test('shows e-mail, two phones, Vasai, the hours and named social links on large screens only', async ({
    page,
    isMobile,
  }) => {
    await open(page, '/');
    const bar = page.locator('.top-bar');
    if (isMobile) {
      await expect(bar).toBeHidden();
      return;
    }
    await expect(bar.locator('a[href^="mailto:"]').first()).toBeVisible();
    await expect(bar.locator('.top-bar-contact a[href^="tel:"]')).toHaveCount(2);
    await expect(bar.getByRole('link', { name: 'Vasai' })).toBeVisible();
    await expect(bar).toContainText('Mon - Saturday: 10.00 AM - 06.30 PM');
    for (const name of [/instagram/i, /facebook/i, /twitter/i, /linkedin/i, /whatsapp/i]) {
      await expect(bar.getByRole('link', { name })).toBeVisible();
    }
  });
});

test.describe('navigation bar', () => {
  test('has the spec items, and the logo and Home go to /', async ({ page, isMobile }) => {
    await open(page, '/aboutUs');
    await showMenu(page, isMobile);
    for (const label of ['Home', 'Products', 'Services', "Certificate's", 'About Us', 'Contact']) {
      await expect(nav(page).getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(nav(page).getByRole('link', { name: 'Get a Quote' })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('href', '/');
    await expect(nav(page).locator('a.nav-logo')).toHaveAttribute('href', '/');
  });

  test('the logo holds its place before its file arrives, so the bar does not move when it does', async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/media/brand/logo.*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/products', { waitUntil: 'domcontentloaded' });
    const logo = nav(page).locator('a.nav-logo img');
    const search = page.locator('form.header-search');
    const before = { logo: await logo.boundingBox(), search: await search.boundingBox() };
    expect(before.logo?.width, 'the logo has its width before it loads').toBeGreaterThan(100);
    release();
    await expect(logo).toHaveJSProperty('complete', true);
    expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await logo.boundingBox()).toEqual(before.logo);
    expect(await search.boundingBox()).toEqual(before.search);
  });

  test('opens one dropdown at a time', async ({ page, isMobile }) => {
    await open(page, '/');
    await showMenu(page, isMobile);
    await menuToggle(page, 'Products').click();
    await expect.poll(() => isExpanded(menuToggle(page, 'Products'))).toBe(true);
    await expect(nav(page).getByRole('link', { name: 'Dialysis Products' })).toBeVisible();
    await menuToggle(page, 'Services').click();
    await expect.poll(() => isExpanded(menuToggle(page, 'Services'))).toBe(true);
    await expect.poll(() => isExpanded(menuToggle(page, 'Products'))).toBe(false);
    await expect(nav(page).getByRole('link', { name: 'Dialysis Products' })).toBeHidden();
    await expect(nav(page).locator('.nav-menu.is-open')).toHaveCount(1);
  });

  test('closes a dropdown on Escape', async ({ page, isMobile }) => {
    await open(page, '/');
    await showMenu(page, isMobile);
    await menuToggle(page, 'About Us').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => isExpanded(menuToggle(page, 'About Us'))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => isExpanded(menuToggle(page, 'About Us'))).toBe(false);
  });

  test('closes a dropdown on an outside click', async ({ page, isMobile }) => {
    await open(page, '/aboutUs');
    await showMenu(page, isMobile);
    await menuToggle(page, 'Contact').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => isExpanded(menuToggle(page, 'Contact'))).toBe(true);
    if (isMobile) {
      // The open phone menu covers the page: press on the page underneath it.
      await page.locator('main').dispatchEvent('pointerdown');
    } else {
      await page.locator('main h1').first().click();
    }
    await expect.poll(() => isExpanded(menuToggle(page, 'Contact'))).toBe(false);
  });

  test('a products entry opens /products with its category and subcategory All, and closes the menu', async ({
    page,
    isMobile,
  }) => {
    await open(page, '/');
    await showMenu(page, isMobile);
    await menuToggle(page, 'Products').click();
    await nav(page).getByRole('link', { name: 'Dialysis Products' }).click();
    await expect(page).toHaveURL(/\/products$/);
    expect(await page.evaluate(() => (history.state as { usr?: unknown } | null)?.usr)).toEqual({
      category: 'dialysis',
      subcategory: 'All',
    });
    await expect(nav(page).locator('.nav-menu.is-open')).toHaveCount(0);
    if (isMobile) await expect.poll(() => isExpanded(nav(page).getByRole('button', { name: 'Menu' }))).toBe(false);
  });

  test('a services entry opens /services/{id} with serviceType in the state', async ({ page, isMobile }) => {
    await open(page, '/');
    await showMenu(page, isMobile);
    await menuToggle(page, 'Services').click();
    await nav(page).getByRole('link', { name: 'Dialysis Center Setup' }).click();
    await expect(page).toHaveURL(/\/services\/dialysis-center$/);
    expect(await page.evaluate(() => (history.state as { usr?: unknown } | null)?.usr)).toEqual({
      serviceType: 'Dialysis Center Setup',
    });
    await expect(nav(page).locator('.nav-menu.is-open')).toHaveCount(0);
  });

  test('the railway submenu leads to PCMM and PCMD', async ({ page, isMobile }) => {
    await open(page, '/');
    await showMenu(page, isMobile);
    await menuToggle(page, "Certificate's").click();
    await menuToggle(page, 'Railway Registration Certification').click();
    await expect(nav(page).getByRole('link', { name: 'PCMD(Medical)' })).toHaveAttribute(
      'href',
      '/railway-registration/PCMD',
    );
    await nav(page).getByRole('link', { name: 'PCMM(Store)' }).click();
    await expect(page).toHaveURL(/\/railway-registration\/PCMM$/);
    await expect(nav(page).locator('.nav-menu.is-open')).toHaveCount(0);
  });

  test('the railway submenu opens on hover', async ({ page, isMobile }) => {
    test.skip(isMobile, 'hover needs a mouse and the full bar');
    await open(page, '/');
    await nav(page).getByRole('link', { name: "Certificate's", exact: true }).hover();
    await nav(page).getByRole('link', { name: 'Railway Registration Certification' }).hover();
    await expect(nav(page).getByRole('link', { name: 'PCMM(Store)' })).toBeVisible();
  });

  test('a route change closes the open dropdown', async ({ page, isMobile }) => {
    await open(page, '/');
    await reachFooter(page);
    await page.locator('footer a[href="/aboutUs"]').evaluate((link: HTMLElement) => link.click());
    await expect(page).toHaveURL(/\/aboutUs$/);
    await showMenu(page, isMobile);
    await menuToggle(page, 'Contact').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => isExpanded(menuToggle(page, 'Contact'))).toBe(true);
    // Back is a route change the menu did not start.
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(nav(page).locator('.nav-menu.is-open')).toHaveCount(0);
  });

  test('the mobile toggle shows and hides the menu', async ({ page, isMobile }) => {
    test.skip(!isMobile, 'the toggle exists on narrow screens');
    await open(page, '/');
    const toggle = nav(page).getByRole('button', { name: 'Menu', exact: true });
    await expect.poll(() => isExpanded(toggle)).toBe(false);
    await expect(nav(page).getByRole('link', { name: 'About Us', exact: true })).toBeHidden();
    await toggle.click();
    await expect.poll(() => isExpanded(toggle)).toBe(true);
    await expect(nav(page).getByRole('link', { name: 'About Us', exact: true })).toBeVisible();
    await toggle.click();
    await expect.poll(() => isExpanded(toggle)).toBe(false);
  });

  test('becomes fixed after 100 px of scrolling, without the content jumping', async ({ page }) => {
    await open(page, '/aboutUs');
    const bar = page.locator('nav.nav-bar');
    const mainTop = () => page.evaluate(() => document.getElementById('main')!.getBoundingClientRect().top + scrollY);
    const before = await mainTop();
    await page.evaluate(() => scrollTo(0, 100));
    await expect(bar).not.toHaveClass(/is-fixed/);
    await page.evaluate(() => scrollTo(0, 101));
    await expect(bar).toHaveClass(/is-fixed/);
    await expect(bar).toHaveCSS('position', 'fixed');
    expect(await mainTop()).toBe(before);
    await page.evaluate(() => scrollTo(0, 0));
    await expect(bar).not.toHaveClass(/is-fixed/);
  });

  for (const path of ['/contact', '/JobApplicationForm', '/jobapplicationform']) {
    test(`never becomes fixed on ${path}`, async ({ page }) => {
      await open(page, path);
      await page.evaluate(() => scrollTo(0, 400));
      await page.waitForFunction(() => scrollY > 100);
      await expect(page.locator('nav.nav-bar')).not.toHaveClass(/is-fixed/);
    });
  }
});

test.describe('Get a Quote', () => {
  test('opens Get Best Quote with its four required fields, traps the focus and closes on Escape', async ({
    page,
    isMobile,
  }) => {
    await open(page, '/');
    await showMenu(page, isMobile);
    const button = nav(page).getByRole('link', { name: 'Get a Quote' });
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Get Best Quote' });
    await expect(dialog).toBeVisible();
    await expect(page.locator('#getaquote')).toBeVisible();
    for (const id of ['name', 'contact', 'email', 'message']) {
      await expect(dialog.locator(`#${id}`)).toHaveAttribute('required', '');
    }
    await expect(dialog.locator('#email')).toHaveAttribute('type', 'email');
    await expect(dialog.locator('textarea#message')).toHaveCount(1);

    // A modal <dialog>: the page behind is inert. Tab past the last control leaves for the
    // browser's own controls (the body, headless) and comes back in; it never reaches the page.
    expect(await dialog.evaluate((element) => element.matches(':modal'))).toBe(true);
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press(step % 3 === 2 ? 'Shift+Tab' : 'Tab');
      const inside = await dialog.evaluate(
        (element) => document.activeElement === document.body || element.contains(document.activeElement),
      );
      expect(inside).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});

test.describe('footer', () => {
  test('has the quick links, the legal links, three e-mails and three phones, and this year', async ({ page }) => {
    await open(page, '/aboutUs');
    const footer = page.locator('footer.site-footer');
    // (On a phone the sections are closed accordions: hidden, so found by their markup.)
    await expect(footer.locator('a', { hasText: /^Services$/ })).toHaveAttribute('href', '/services/dialysis-center');
    await expect(footer.locator('a', { hasText: 'Privacy Policy' })).toHaveAttribute('href', '/PrivacyPolicy');
    await expect(footer.locator('address a[href^="mailto:"]')).toHaveCount(3);
    await expect(footer.locator('address a[href^="tel:"]')).toHaveCount(3);
    await expect(footer.locator('.footer-bottom')).toContainText(String(new Date().getFullYear()));
  });

  test('at 768 px the sections are accordions, one open at a time', async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 900 });
    await open(page, '/aboutUs');
    await reachFooter(page);
    const footer = page.locator('footer.site-footer');
    const quick = footer.getByRole('button', { name: 'Quick Links' });
    const contact = footer.getByRole('button', { name: 'Get in Touch' });
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toBeHidden();
    await quick.click();
    await expect.poll(() => isExpanded(quick)).toBe(true);
    await expect(footer.getByRole('link', { name: 'Certificate', exact: true })).toBeVisible();
    await contact.click();
    await expect.poll(() => isExpanded(contact)).toBe(true);
    await expect.poll(() => isExpanded(quick)).toBe(false);
    await expect(footer.getByRole('link', { name: 'Certificate', exact: true })).toBeHidden();
    await contact.click();
    await expect.poll(() => isExpanded(contact)).toBe(false);
  });

  test('above 768 px every section is open and there is no accordion', async ({ page }) => {
    await page.setViewportSize({ width: 769, height: 900 });
    await open(page, '/aboutUs');
    const footer = page.locator('footer.site-footer');
    await expect(footer.getByRole('button', { name: 'Quick Links' })).toBeHidden();
    await expect(footer.getByRole('link', { name: 'Certificate', exact: true })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
    await expect(footer.locator('address a[href^="tel:"]').first()).toBeVisible();
  });
});

test.describe('frame code loaded when needed', () => {
  /** The top bar's chunk, which Vite names after its module. */
  const isTopBarChunk = (path: string) => /\/TopBar-[\w-]+\.js$/.test(path);

  test('the footer hydrates as it comes near and a hidden top bar never loads its code', async ({
    page,
    isMobile,
  }) => {
    // The hero video streams as it plays, so the network would seldom go idle: the
    // wait below is for the code the page loads.
    await page.route(/\.(mp4|webm)$/, (route) => route.abort());
    // Scripts, not the network: near the footer the map's frame asks a host outside
    // this machine, which may be long in failing.
    const scriptsRequested: string[] = [];
    const scriptsPending = new Set<Request>();
    page.on('request', (request) => {
      if (request.resourceType() !== 'script') return;
      scriptsRequested.push(new URL(request.url()).pathname);
      scriptsPending.add(request);
    });
    page.on('requestfinished', (request) => scriptsPending.delete(request));
    page.on('requestfailed', (request) => scriptsPending.delete(request));
    await open(page, '/');
    await page.waitForLoadState('networkidle');
    expect(await isHydrated(page, 'footer.site-footer')).toBe(false);
    await reachFooter(page);
    if (isMobile) {
      await expect.poll(() => scriptsPending.size).toBe(0);
      expect(scriptsRequested.filter(isTopBarChunk)).toEqual([]);
      expect(await isHydrated(page, '.top-bar')).toBe(false);
    } else {
      await expect.poll(() => isHydrated(page, '.top-bar')).toBe(true);
      // What proves the phone's check above can see the chunk's request at all.
      expect(scriptsRequested.filter(isTopBarChunk)).toHaveLength(1);
    }
  });

  test('a client navigation before the footer has loaded shows the new screen and keeps the footer', async ({
    page,
    isMobile,
    problems,
  }) => {
    await open(page, '/');
    expect(await isHydrated(page, 'footer.site-footer')).toBe(false);
    await showMenu(page, isMobile);
    await nav(page).getByRole('link', { name: 'About Us', exact: true }).click();
    await expect(page).toHaveURL(/\/aboutUs$/);
    await expect(page.locator('main')).toContainText('Story of our Leaders');
    await expect(page.locator('footer.site-footer a', { hasText: 'Privacy Policy' })).toHaveCount(1);
    await reachFooter(page);
    expect(appErrors(problems)).toEqual([]);
  });

  test('opening Get a Quote before the footer has loaded keeps the footer', async ({ page, isMobile, problems }) => {
    await open(page, '/');
    await showMenu(page, isMobile);
    await nav(page).getByRole('link', { name: 'Get a Quote' }).click();
    await expect(page.getByRole('dialog', { name: 'Get Best Quote' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await isHydrated(page, 'footer.site-footer')).toBe(false);
    await expect(page.locator('footer.site-footer a', { hasText: 'Privacy Policy' })).toHaveCount(1);
    expect(appErrors(problems)).toEqual([]);
  });
});

test.describe('chat button', () => {
  test('opens the chat link in a new tab, on every screen', async ({ page, problems }) => {
    for (const path of ['/', '/contact', '/products']) {
      await open(page, path);
      const chat = page.locator('a.chat-button');
      await expect(chat).toBeVisible();
      await expect(chat).toHaveAttribute('href', /^https:\/\/wa\.me\//);
      await expect(chat).toHaveAttribute('target', '_blank');
      await expect(chat).toHaveAttribute('rel', /noopener/);
      await expect(chat).toHaveAccessibleName(/chat/i);
    }
    expect(appErrors(problems)).toEqual([]);
  });
});
