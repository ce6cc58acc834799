import type { MouseEvent } from 'react';

// A frame control that works the moment it is painted, before the app's code has arrived
// and without JavaScript: its button is the `popovertarget` of an empty popover, the
// "open flag", which the browser itself shows and hides; CSS shows the menu or panel that
// follows the flag while it is open (`.open-flag:popover-open + …`, layout.css). The
// menus stay where they are in the page (a popover of their own would move them into the
// top layer). Once hydrated, React adopts the flags' state and drives the controls itself.

/** The empty popover a control's button toggles until the app has hydrated. */
export function OpenFlag({ id, mode = 'manual' }: { id: string; mode?: 'manual' | 'auto' }) {
  return <span popover={mode} id={id} className="open-flag" />;
}

/**
 * Which of these flags a visitor opened before hydration, closing them all: React's
 * state shows those controls open from now on.
 */
export function adoptOpenFlags(ids: readonly string[]): string[] {
  const open: string[] = [];
  for (const id of ids) {
    const flag = document.getElementById(id);
    if (!flag?.matches(':popover-open')) continue;
    open.push(id);
    flag.hidePopover();
  }
  return open;
}

/** A hydrated control's click: React decides, the browser does not toggle the flag as well. */
export function withoutNativeToggle(onClick: () => void) {
  return (event: MouseEvent<HTMLElement>) => {
    event.preventDefault();
    onClick();
  };
}
