import { act, cleanup } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { MessageField, NameField } from '../fields/ContactDetailFields';

function TwoFields() {
  const [values, setValues] = useState({ name: '', message: '' });
  return (
    <form>
      <NameField id="name" name="name" value={values.name} onChange={(name) => setValues((v) => ({ ...v, name }))} />
      <MessageField
        id="message"
        name="message"
        value={values.message}
        onChange={(message) => setValues((v) => ({ ...v, message }))}
      />
      {/* What the form holds, for the test to read. */}
      <output>{JSON.stringify(values)}</output>
    </form>
  );
}

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('a shared field', () => {
  it('is labelled, required and of its kind', () => {
    document.body.innerHTML = renderToString(<TwoFields />);
    const name = document.querySelector<HTMLInputElement>('input#name')!;
    expect(document.querySelector('label[for="name"]')?.textContent).toBe('Name');
    expect(name.required).toBe(true);
    expect(name.autocomplete).toBe('name');
    expect(document.querySelector('textarea#message')).not.toBeNull();
  });

  it('keeps what was typed into the prerendered page before hydration, and hands it to the form', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<TwoFields />);
    document.body.append(container);
    container.querySelector<HTMLInputElement>('#name')!.value = 'Asha Rao';
    container.querySelector<HTMLTextAreaElement>('#message')!.value = 'Please call';
    await act(async () => {
      hydrateRoot(container, <TwoFields />);
    });
    const held: unknown = JSON.parse(container.querySelector('output')!.textContent!);
    expect(held).toEqual({ name: 'Asha Rao', message: 'Please call' });
    expect(container.querySelector<HTMLInputElement>('#name')!.value).toBe('Asha Rao');
  });
});
