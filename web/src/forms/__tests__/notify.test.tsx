import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notify } from '../toast/notify';

describe('toasts', () => {
  it('mount their own container on first use and show the message at the asked position', async () => {
    expect(document.getElementById('toast-root')).toBeNull();
    await act(async () => {
      await notify('success', 'Email sent successfully!', { position: 'top-center' });
    });
    expect(document.getElementById('toast-root')).not.toBeNull();
    const toast = await screen.findByText('Email sent successfully!');
    expect(toast.closest('.Toastify__toast-container--top-center')).not.toBeNull();
    expect(screen.getByRole('region', { name: 'Notifications Alt+T' })).toBeTruthy();
  });
});
