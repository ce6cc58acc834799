import type { BrowserContext, Locator, Page, Route } from '@playwright/test';
import { MAX_AGE_MS } from '../src/forms/outbox/outbox-core';
import { expect as baseExpect, test, waitForApp } from './support';

// The outbox's fault matrix: 5 forms (the job form with a job template in content) × 6 faults. A transient fault (offline at submit,
// a dropped connection, HTTP 500, 429) ends with the submission delivered exactly once
// after recovery: the browser coming online, the backoff's timer (Playwright's clock),
// a reload, two tabs. A permanent one (HTTP 400, 412) is never retried and ends with
// WhatsApp, e-mail and phone links that carry the full text.

const expect = baseExpect.configure({ timeout: 15_000 });

type Fault = 'offline' | 'abort' | 500 | 429 | 400 | 412;
const FAULTS: Fault[] = ['offline', 'abort', 500, 429, 400, 412];
const TRANSIENT: Fault[] = ['offline', 'abort', 500, 429];

/** The e-mail API as the test plays it: faulty until `recover()`, then it answers OK. */
class EmailApi {
  faulty = true;
  /** The messages of the sends it answered OK, in order. */
  delivered: string[] = [];
  requests = 0;
  constructor(private readonly fault: Fault) {}

  async attach(context: BrowserContext) {
    await context.route('**/api/v1.0/email/send', (route) =>
      this.answer(route, () => route.request().postDataJSON().template_params as Record<string, string>),
    );
    // The job form's first request: its fields and the resume as a form.
    await context.route('**/api/v1.0/email/send-form', (route) =>
      this.answer(route, () => {
        const body = route.request().postDataBuffer()?.toString('latin1') ?? '';
        const field = (name: string) => new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)\\r\\n`).exec(body)?.[1];
        return { name: field('name') ?? '' };
      }),
    );
  }

  private async answer(route: Route, readParams: () => Record<string, string>) {
    this.requests += 1;
    const params = readParams();
    if (this.faulty && this.fault === 'abort') return route.abort('failed');
    if (this.faulty && this.fault === 'offline') return route.abort('internetdisconnected');
    if (this.faulty && typeof this.fault === 'number') {
      return route.fulfill({ status: this.fault, contentType: 'text/plain', body: `HTTP ${this.fault}` });
    }
    // The job form has no message: its test puts the marker in the name.
    this.delivered.push(params.message ?? params.name ?? '');
    return route.fulfill({ status: 200, contentType: 'text/plain', body: 'OK' });
  }
}

type FormCase = {
  name: string;
  /** Opens the form, fills it with `message` and submits it; answers where the form is. */
  submit: (page: Page, message: string, beforeClick: () => Promise<void>) => Promise<Locator>;
  failureToast: string;
  /** The line of the fallbacks' text that carries the test's marker. */
  textLine?: (message: string) => string;
  /** What the notice says once the kept submission is sent. */
  sentNotice?: string;
};

const quoteListItem = {
  id: 1,
  title: 'Slit Lamp',
  slug: 'slit-lamp',
  category: 'ophthalmic',
  categoryName: 'Ophthalmic Products',
  image: { src: '/media/none.svg', width: 4, height: 3 },
  quantity: 2,
};

const FORMS: FormCase[] = [
  {
    name: 'contact',
    failureToast: 'Failed to send email.',
    async submit(page, message, beforeClick) {
      await page.goto('/contact');
      await waitForApp(page);
      const form = page.getByRole('form', { name: 'Contact Us' });
      await form.getByLabel('Name').fill('Asha Rao');
      await form.getByLabel('Email').fill('asha@example.com');
      await form.getByLabel('Phone').fill('022-555-0199');
      await form.getByLabel('Message').fill(message);
      await beforeClick();
      await form.getByRole('button', { name: 'Send Message' }).click();
      return form;
    },
  },
  {
    name: 'enquiry',
    failureToast: 'Failed to submit. Please try again.',
    async submit(page, message, beforeClick) {
      await page.goto('/products');
      await waitForApp(page);
      await page.getByRole('button', { name: /^Learn More/ }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Product Information' });
      await dialog.getByLabel('Name').fill('Asha Rao');
      await dialog.getByLabel('Email').fill('asha@example.com');
      await dialog.getByLabel('Contact Number').fill('9876543210');
      await dialog.getByLabel('Message').fill(message);
      await beforeClick();
      await dialog.getByRole('button', { name: 'Submit' }).click();
      return dialog;
    },
  },
  {
    name: 'quote modal',
    failureToast: 'Failed to send email.',
    async submit(page, message, beforeClick) {
      await page.goto('/contact');
      await waitForApp(page);
      const menu = page.getByRole('button', { name: 'Menu', exact: true });
      if (await menu.isVisible()) await menu.click();
      await page.getByRole('link', { name: 'Get a Quote' }).click();
      const dialog = page.locator('#getaquote');
      await dialog.locator('#name').fill('Asha Rao');
      await dialog.locator('#contact').fill('9876543210');
      await dialog.locator('#email').fill('asha@example.com');
      await dialog.locator('#message').fill(message);
      await beforeClick();
      await dialog.getByRole('button', { name: 'Submit' }).click();
      return dialog;
    },
  },
  {
    name: 'quote list',
    failureToast: 'Failed to send email.',
    async submit(page, message, beforeClick) {
      await page.goto('/quote-list');
      await page.evaluate((item) => localStorage.setItem('quote-list', JSON.stringify([item])), quoteListItem);
      await page.reload();
      await waitForApp(page);
      const form = page.getByRole('form', { name: 'Request a quote for this list' });
      await form.getByLabel('Name').fill('Asha Rao');
      await form.getByLabel('Contact Number').fill('9876543210');
      await form.getByLabel('Email').fill('asha@example.com');
      await form.getByLabel('Message').fill(message);
      await beforeClick();
      await form.getByRole('button', { name: 'Send quote request' }).click();
      return form;
    },
  },
  {
    name: 'job application',
    failureToast: 'Failed to submit. Please try again.',
    textLine: (message) => `Name: ${message}`,
    sentNotice: 'Your application has been sent, without your resume.',
    async submit(page, message, beforeClick) {
      // Content with a job template: the layout file the page fetches, rewritten.
      await page.route('**/assets/layout.*.json', async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, body: (await response.text()).replace('"job":null', '"job":"template_job"') });
      });
      await page.goto('/jobapplicationform');
      await waitForApp(page);
      const form = page.getByRole('form', { name: 'Job Application Form' });
      await form.getByLabel('Name').fill(message);
      await form.getByLabel('Email').fill('asha@example.com');
      await form.getByLabel('Phone').fill('022-555-0199');
      await form.getByLabel('Resume').setInputFiles({
        name: 'resume.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
      });
      await beforeClick();
      await form.getByRole('button', { name: 'Submit Application' }).click();
      return form;
    },
  },
];

const waiting = (page: Page) => page.getByText('1 message waiting to be sent');

for (const form of FORMS) {
  for (const fault of FAULTS) {
    const transient = TRANSIENT.includes(fault);
    test(`${form.name} × ${fault}: ${transient ? 'delivered exactly once after recovery' : 'no retry, fallback links with the full text'}`, async ({
      page,
      context,
    }) => {
      const message = `Outbox check ${form.name} ${fault}`;
      const api = new EmailApi(fault);
      await api.attach(context);
      await page.clock.install();
      const requested: string[] = [];
      page.on('requestfinished', (request) => requested.push(request.url()));
      // The click happens once the form's code is loaded. Offline is played by the API's
      // route (Chromium's offline mode stalls routed requests): the send fails as without
      // a network, and the browser's `online` event comes when the test says.
      const where = await form.submit(page, message, async () => {
        // What a form loads when first focused: the e-mail library, the toasts, the outbox.
        const loaded = () =>
          ['outbox-runtime-', 'OutboxNotice-', 'toast-host-', 'email-client-'].every((part) =>
            requested.some((url) => url.includes(part)),
          );
        await expect.poll(loaded).toBe(true);
      });
      await expect(page.locator('.Toastify__toast').filter({ hasText: form.failureToast })).toBeVisible();
      expect(api.delivered).toEqual([]);

      const textLine = (form.textLine ?? ((text: string) => `Message: ${text}`))(message);
      const sentNotice = form.sentNotice ?? 'Your message has been sent.';
      if (form.name === 'job application') {
        // The resume is not kept: the notice asks for it again.
        await expect(where.getByText(/Your resume is not saved/)).toBeVisible();
      }

      if (!transient) {
        const notice = where.getByText('Your message could not be sent from this page.');
        await expect(notice).toBeVisible();
        const whatsApp = new URL((await where.getByRole('link', { name: 'Send on WhatsApp' }).getAttribute('href')) ?? '');
        expect(whatsApp.searchParams.get('text')).toContain(textLine);
        expect(whatsApp.searchParams.get('text')).toContain('Email: asha@example.com');
        const mail = new URL((await where.getByRole('link', { name: 'Send by e-mail' }).getAttribute('href')) ?? '');
        expect(mail.protocol).toBe('mailto:');
        expect(mail.searchParams.get('body')).toContain(textLine);
        expect(mail.searchParams.get('subject')).toBeTruthy();
        await expect(where.getByRole('link', { name: 'Call' })).toHaveAttribute('href', /^tel:\+\d+$/);
        // Never retried: not by a reload, not by the backoff's timer.
        api.faulty = false;
        await page.reload();
        await waitForApp(page);
        await page.clock.fastForward(10 * 60_000);
        await page.waitForLoadState('networkidle');
        expect(api.requests).toBe(1);
        expect(api.delivered).toEqual([]);
        return;
      }

      await expect(where.getByText('Your message is saved on this device and will be sent when the connection is back.')).toBeVisible();
      await expect(where.getByText('Saved messages are deleted after 7 days.')).toBeVisible();
      await expect(waiting(page)).toBeVisible();
      const requestsAfterClick = api.requests;
      expect(requestsAfterClick).toBe(1);

      if (fault === 'offline') {
        // The browser comes back online: the outbox sends at once.
        api.faulty = false;
        await context.setOffline(true);
        await context.setOffline(false);
        await expect(where.getByText(sentNotice)).toBeVisible();
      } else if (fault === 500) {
        // Within the page: not sooner than 30 s after the failure, then by itself.
        api.faulty = false;
        await page.clock.fastForward(29_000);
        expect(api.requests).toBe(requestsAfterClick);
        await page.clock.fastForward(2_000);
        await expect(where.getByText(sentNotice)).toBeVisible();
      } else if (fault === 'abort') {
        // The next page load of the site sends it.
        api.faulty = false;
        await page.goto('/aboutUs');
        await waitForApp(page);
      } else {
        // Two tabs open on the site when it recovers: only one of them sends.
        api.faulty = false;
        const other = await context.newPage();
        await Promise.all([other.goto('/services'), page.reload()]);
      }
      await expect.poll(() => api.delivered).toEqual([message]);
      await expect(waiting(page)).toBeHidden();
      await page.waitForLoadState('networkidle');
      expect(api.delivered).toEqual([message]);
      expect(await page.evaluate(() => localStorage.getItem('outbox'))).toBeNull();
    });
  }
}

// What the outbox keeps is personal data: the visitor can see it and discard it on any page,
// and the privacy policy says what is kept, where, for how long and how to remove it.
test.describe('the personal data the outbox keeps', () => {
  test.skip(({ isMobile }) => !isMobile, 'the phone project covers it, on the narrow screen');

  test('a waiting message is discarded from the list on another page, and never sent', async ({ page, context }) => {
    const api = new EmailApi('abort');
    await api.attach(context);
    const enquiry = FORMS.find((form) => form.name === 'enquiry')!;
    const where = await enquiry.submit(page, 'Outbox discard check', async () => undefined);
    await expect(where.getByText(/Your message is saved on this device/)).toBeVisible();

    await page.goto('/aboutUs');
    await waitForApp(page);
    // The page load tries it again, and the connection still fails.
    await expect.poll(() => api.requests).toBe(2);
    await page.getByText('1 message waiting to be sent').click();
    await expect(page.getByText('Kept in this browser only, with what you typed in the form, and deleted after 7 days.')).toBeVisible();
    await page.getByRole('button', { name: /^Discard Enquiry: / }).click();
    await expect(waiting(page)).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('outbox'))).toBeNull();

    const requestsBefore = api.requests;
    api.faulty = false;
    await page.reload();
    await waitForApp(page);
    await page.waitForLoadState('networkidle');
    expect(api.requests).toBe(requestsBefore);
    expect(api.delivered).toEqual([]);
  });

  test('the privacy policy says what is kept, where, for how long and how to remove it', async ({ page }) => {
    await page.goto('/PrivacyPolicy');
    const section = page.locator('section, main').filter({
      has: page.getByRole('heading', { name: 'Messages Kept in Your Browser' }),
    });
    await expect(section.last()).toContainText('name, phone or contact number, e-mail address and message');
    await expect(section.last()).toContainText("your browser's local storage on your device");
    await expect(section.last()).toContainText(`at most ${MAX_AGE_MS / (24 * 60 * 60 * 1000)} days`);
    await expect(section.last()).toContainText('choose Discard beside the waiting message');
  });
});
