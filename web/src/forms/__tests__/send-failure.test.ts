import { EmailJSResponseStatus } from '@emailjs/browser';
import { describe, expect, it } from 'vitest';
import { isDelivered, NETWORK_ERROR, toSendFailure } from '../email/send-failure';

describe('send results (spec points 7 and 8)', () => {
  it('counts HTTP 200 or the text OK as delivered', () => {
    expect(isDelivered({ status: 200, text: 'OK' })).toBe(true);
    expect(isDelivered({ status: 200, text: 'Accepted' })).toBe(true);
    expect(isDelivered({ status: 202, text: 'OK' })).toBe(true);
    expect(isDelivered({ status: 202, text: 'Accepted' })).toBe(false);
  });

  it.each([
    [400, 'The template ID is invalid'],
    [403, 'Forbidden'],
    [412, 'Precondition failed'],
    [429, 'Too many requests'],
    [451, 'Unavailable For Headless Browser'],
    [500, 'Internal Server Error'],
    [503, 'Service Unavailable'],
  ])('keeps the status and text of an HTTP %i answer', (status, text) => {
    expect(toSendFailure(new EmailJSResponseStatus(status, text))).toEqual({ status, text });
    expect(toSendFailure({ status, text })).toEqual({ status, text });
  });

  it('maps a network TypeError to status 0, Network Error', () => {
    expect(toSendFailure(new TypeError('Failed to fetch'))).toEqual({ status: 0, text: 'Network Error' });
    expect(NETWORK_ERROR).toEqual({ status: 0, text: 'Network Error' });
  });

  it.each([
    'The public key is required. Visit https://dashboard.emailjs.com/admin/account',
    'The service ID is required. Visit https://dashboard.emailjs.com/admin',
    'The template ID is required. Visit https://dashboard.emailjs.com/admin/templates',
  ])('keeps a missing-key string as the text: %s', (message) => {
    expect(toSendFailure(message)).toEqual({ status: 0, text: message });
  });

  it('maps anything else to a failure without an answer', () => {
    expect(toSendFailure(new Error('boom'))).toEqual({ status: 0, text: 'boom' });
    expect(toSendFailure(undefined)).toEqual(NETWORK_ERROR);
  });
});
