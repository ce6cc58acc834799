// How a failed e-mail send is described (spec point 8), whatever shape the library rejected with.

/** A send that did not get through: the HTTP status (0 without an answer) and its text. */
export type SendFailure = { status: number; text: string };

/** The spec's description of a send that got no answer at all. */
export const NETWORK_ERROR: SendFailure = { status: 0, text: 'Network Error' };

/** The library's answer to a request that reached the service. */
export type SendResponse = { status: number; text: string };

/** Success is HTTP 200 or the text OK (spec point 7); any other answer is a failure. */
export function isDelivered(response: SendResponse): boolean {
  return response.status === 200 || response.text === 'OK';
}

function isResponseLike(value: unknown): value is SendResponse {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as SendResponse).status === 'number' &&
    typeof (value as SendResponse).text === 'string'
  );
}

/**
 * Maps what `@emailjs/browser` rejects with to a `SendFailure`: its response status
 * (HTTP 4xx/5xx, or 403/429/451 from its optional checks), a raw `TypeError` from
 * `fetch` when the network failed, or a plain string when a key is missing.
 */
export function toSendFailure(error: unknown): SendFailure {
  if (isResponseLike(error)) return { status: error.status, text: error.text };
  if (typeof error === 'string') return { status: 0, text: error };
  if (error instanceof TypeError) return NETWORK_ERROR;
  if (error instanceof Error) return { status: 0, text: error.message };
  return NETWORK_ERROR;
}
