import { createBrowserRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { numberFirstHistoryEntry } from '../history-index';

describe('numberFirstHistoryEntry', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.history.replaceState(null, '');
  });

  it('gives a fresh entry the index 0 and keeps its state', () => {
    window.history.replaceState({ usr: 'from a link' }, '');
    numberFirstHistoryEntry();
    expect(window.history.state).toEqual({ usr: 'from a link', idx: 0 });
  });

  it('keeps the index of an entry that has one (a reload, the back button)', () => {
    window.history.replaceState({ idx: 3 }, '');
    const replaceState = vi.spyOn(window.history, 'replaceState');
    numberFirstHistoryEntry();
    expect(replaceState).not.toHaveBeenCalled();
    expect(window.history.state).toEqual({ idx: 3 });
  });

  it('leaves React Router nothing to write when it starts', () => {
    numberFirstHistoryEntry();
    const replaceState = vi.spyOn(window.history, 'replaceState');
    const router = createBrowserRouter([{ path: '*', element: null }]);
    expect(replaceState).not.toHaveBeenCalled();
    router.dispose();
  });
});
