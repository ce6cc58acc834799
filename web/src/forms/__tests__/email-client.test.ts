import { afterEach, describe, expect, it, vi } from 'vitest';
import { layoutFixture } from '../../testing/fixtures';
import { sendEmail } from '../email/email-client';

const settings = { ...layoutFixture.email, origin: 'https://relay.example' };

function answer(status: number, text: string) {
  return vi.fn(async () => new Response(text, { status }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('sendEmail through @emailjs/browser', () => {
  it('posts the spec body to the configured origin and reports delivery', async () => {
    const fetch = answer(200, 'OK');
    vi.stubGlobal('fetch', fetch);
    const result = await sendEmail(settings, 'contact', { name: 'Asha' });
    expect(result).toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://relay.example/api/v1.0/email/send');
    expect(JSON.parse(init.body as string)).toEqual({
      lib_version: '4.4.1',
      user_id: settings.publicKey,
      service_id: settings.serviceId,
      template_id: 'contact',
      template_params: { name: 'Asha' },
    });
  });

  it.each([
    [400, 'The template ID is invalid'],
    [500, 'Internal Server Error'],
  ])('reports HTTP %i with its text', async (status, text) => {
    vi.stubGlobal('fetch', answer(status, text));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await sendEmail(settings, 'contact', {})).toEqual({ ok: false, failure: { status, text } });
  });

  it('reports a network failure as status 0, Network Error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await sendEmail(settings, 'contact', {})).toEqual({
      ok: false,
      failure: { status: 0, text: 'Network Error' },
    });
  });

  it('reports a missing public key, service id or template id without a request', async () => {
    const fetch = answer(200, 'OK');
    vi.stubGlobal('fetch', fetch);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failure = async (...args: Parameters<typeof sendEmail>) => {
      const result = await sendEmail(...args);
      return result.ok ? null : result.failure.text;
    };
    expect(await failure({ ...settings, publicKey: '' }, 'contact', {})).toMatch(/^The public key is required/);
    expect(await failure({ ...settings, serviceId: '' }, 'contact', {})).toMatch(/^The service ID is required/);
    expect(await failure(settings, '', {})).toMatch(/^The template ID is required/);
    expect(fetch).not.toHaveBeenCalled();
  });
});
