import type { MouseEvent } from 'react';

// A frame control that works the moment it is painted, before the app's code has arrived
// and without JavaScript: its button is the `popovertarget` of an empty popover, the
// "open flag", which the browser itself shows and hides; CSS shows the menu or panel that
// follows the flag while it is open (`.open-flag:popover-open + …`, layout.css). The
// menus stay where they are in the page (a popover of their own would move them into the
// top layer). The browser also derives the button's expanded state from it (so the
// button carries no aria-expanded of its own). Once hydrated, React adopts the flags'
// state, drives the controls itself and keeps the flags in step.

/** The empty popover a control's button toggles until the app has hydrated. */
export function OpenFlag({ id, mode = 'manual' }: { id: string; mode?: 'manual' | 'auto' }) {
  return <span popover={mode} id={id} className="open-flag" />;
}

/** Which of these flags are open (a visitor may have opened them before hydration). */
export function openFlags(ids: readonly string[]): string[] {
  return ids.filter((id) => document.getElementById(id)?.matches(':popover-open'));
}

/**
 * Opens or closes a flag as React's state says: the button's expanded state, which the
 * browser derives from its popover target, stays true.
 */
export function syncOpenFlag(id: string, open: boolean): void {
  const flag = document.getElementById(id);
  if (!flag || flag.matches(':popover-open') === open) return;
  if (open) flag.showPopover();
  else flag.hidePopover();
}

/** A hydrated control's click: React decides, the browser does not toggle the flag as well. */
export function withoutNativeToggle(onClick: () => void) {
  return (event: MouseEvent<HTMLElement>) => {
    event.preventDefault();
    onClick();
  };
}
