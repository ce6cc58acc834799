// The navigation dropdowns' rules from the moment the entry script runs until the bar
// has hydrated (NavBar.tsx then applies them itself): one dropdown open at a time, and a
// tap outside the bar or Escape closes them. The browser opens a dropdown on its own
// (open-flag.tsx); these rules need a few lines of script, because its "auto" popovers,
// which would close each other and close on an outside tap, count a tap inside the
// dropdown's menu as outside too, and the menu cannot be inside the popover without
// leaving the page's layout for the top layer.

/** The open flag after a dropdown's button (not the phone menu's). */
const DROPDOWN_FLAG = '.nav-menu-toggle+.open-flag';

/** Closes the open dropdowns except `kept` and those whose menu holds it. */
function closeDropdownsExcept(kept: Element | null): void {
  for (const flag of document.querySelectorAll<HTMLElement>(DROPDOWN_FLAG + ':popover-open')) {
    if (flag !== kept && !(kept && flag.nextElementSibling?.contains(kept))) flag.hidePopover();
  }
}

const untilHydrated = new AbortController();

export function enforceDropdownRules(): void {
  const { signal } = untilHydrated;
  // `toggle` does not bubble: a listener in the capture phase sees every flag's.
  document.addEventListener(
    'toggle',
    (event) => {
      const flag = event.target as Element;
      if ((event as ToggleEvent).newState === 'open' && flag.matches(DROPDOWN_FLAG)) closeDropdownsExcept(flag);
    },
    { capture: true, signal },
  );
  document.addEventListener(
    'pointerdown',
    (event) => {
      if (!(event.target as Element).closest('.nav-bar')) closeDropdownsExcept(null);
    },
    { signal },
  );
  document.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Escape') closeDropdownsExcept(null);
    },
    { signal },
  );
}

/** The hydrated bar applies the rules to its own state from now on. */
export function endEarlyDropdownRules(): void {
  untilHydrated.abort();
}
