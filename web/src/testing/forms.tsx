// The forms' tests' shared set-ups: a form rendered with the layout data, typing into a
// labelled field, the e-mail client and the toasts stubbed, Web Locks as a browser grants
// them, and a promise settled by hand.
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { ROOT_ROUTE_ID } from '../content/hooks';
import type { Layout } from '../content/types';
import { layoutFixture } from './fixtures';

/** Renders a form inside a data router whose root route provides the layout data. */
export function renderWithLayout(element: ReactNode, layout: Layout = layoutFixture) {
  const router = createMemoryRouter([{ id: ROOT_ROUTE_ID, path: '/', loader: () => layout, element }], {
    hydrationData: { loaderData: { [ROOT_ROUTE_ID]: layout } },
  });
  return render(<RouterProvider router={router} />);
}

/** Types `value` into the field labelled `label`. */
export function typeInto(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** The e-mail client's module, stubbed: `vi.mock(path, async () => (await import(…)).emailClientStub())`. */
export function emailClientStub() {
  return { sendEmail: vi.fn(), sendEmailForm: vi.fn(), loadEmailLibrary: vi.fn(async () => ({})) };
}

/** The toasts' module, stubbed (as {@link emailClientStub}). */
export function notifyStub() {
  return { notify: vi.fn(async () => {}), loadToasts: vi.fn(async () => ({})) };
}

/** Web Locks as the browser grants them: one holder at a time, in request order. */
export function installWebLocks() {
  let queue: Promise<unknown> = Promise.resolve();
  const request = (_name: string, task: () => Promise<unknown>) => {
    const run = queue.then(task);
    queue = run.catch(() => undefined);
    return run;
  };
  Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
}

/** A promise and the function that resolves it. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
