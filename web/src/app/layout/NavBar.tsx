import { ChevronDown, Menu, X } from '../../components/icons/frame-icons';
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { FIXED_NAV_SCROLL_THRESHOLD_PX, NAV_DESKTOP_MIN_WIDTH_PX, STATIC_NAV_PATHS } from '../../config/timing';
import type { Layout, NavItem } from '../../content/types';
import { isPlainClick, Link, NavLink } from '../../components/link/AppLink';
import { QuoteListLink } from '../../quote-list/QuoteListLink';
import { HeaderSearch } from './HeaderSearch';
import { endEarlyDropdownRules } from './early-menus';
import { OpenFlag, openFlags, syncOpenFlag, withoutNativeToggle } from './open-flag';

/** The navigation state a menu entry passes to its screen (spec §2). */
export function entryState(entry: NavItem): unknown {
  if (entry.category) return { category: entry.category, subcategory: 'All' };
  if (entry.service) return { serviceType: entry.label };
  return undefined;
}

function subscribeToScroll(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

const scrolledPastThreshold = () => window.scrollY > FIXED_NAV_SCROLL_THRESHOLD_PX;

/** Fixed after scrolling past the threshold, except on the routes the spec names. */
function useFixedNav(pathname: string): boolean {
  const scrolled = useSyncExternalStore(subscribeToScroll, scrolledPastThreshold, () => false);
  return scrolled && !STATIC_NAV_PATHS.includes(pathname.toLowerCase().replace(/\/$/, ''));
}

/** Desktop pointers open the dropdowns by hovering too. */
const hoverOpensMenus = () =>
  window.matchMedia(`(hover: hover) and (min-width: ${NAV_DESKTOP_MIN_WIDTH_PX}px)`).matches;

/** The open flag of the phone menu's toggle, and of each dropdown's (open-flag.tsx). */
const MOBILE_MENU_FLAG = 'nav-flag-menu';
const menuFlagId = (path: string) => `nav-flag-${path.replace(/\//g, '-')}`;

/** The paths ("1", "3/0", …) of every entry with a dropdown. */
function menuPaths(entries: readonly NavItem[], parentPath = ''): string[] {
  return entries.flatMap((entry, index) => {
    const path = parentPath === '' ? String(index) : `${parentPath}/${index}`;
    return entry.entries.length > 0 ? [path, ...menuPaths(entry.entries, path)] : [];
  });
}

/** Menu state tied to the location it was opened at: a route change closes it. */
type OpenState = { locationKey: string; value: string; byHover?: boolean };

type NavBarProps = { layout: Layout; onGetQuote: () => void };

export function NavBar({ layout, onGetQuote }: NavBarProps) {
  const location = useLocation();
  const [openMenuState, setOpenMenuState] = useState<OpenState | null>(null);
  const [mobileState, setMobileState] = useState<OpenState | null>(null);
  const openMenu = openMenuState?.locationKey === location.key ? openMenuState.value : null;
  const mobileOpen = mobileState?.locationKey === location.key;
  const isFixed = useFixedNav(location.pathname);
  const navRef = useRef<HTMLElement>(null);

  const openedByHover = openMenu !== null && openMenuState?.byHover === true;
  const setOpenMenu = (value: string | null, byHover = false) =>
    setOpenMenuState(value === null ? null : { locationKey: location.key, value, byHover });
  const closeAll = () => {
    setOpenMenuState(null);
    setMobileState(null);
  };

  // The controls a visitor opened before the app arrived stay open, now in React's hands:
  // read once from the page as the bar hydrates (the first render must match the
  // prerendered markup), before the browser paints again.
  /* eslint-disable react-hooks/set-state-in-effect */
  useLayoutEffect(() => {
    endEarlyDropdownRules();
    const flagged = new Map(menuPaths(layout.navigation.items).map((path) => [menuFlagId(path), path]));
    const opened = openFlags([MOBILE_MENU_FLAG, ...flagged.keys()]);
    if (opened.includes(MOBILE_MENU_FLAG)) setMobileState({ locationKey: location.key, value: 'open' });
    // The deepest open dropdown: its parents are open with it.
    const deepest = opened
      .flatMap((id) => flagged.get(id) ?? [])
      .sort((a, b) => b.split('/').length - a.split('/').length)[0];
    if (deepest !== undefined) setOpenMenuState({ locationKey: location.key, value: deepest });
    // Once: afterwards the flags follow React's state (below).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  /* eslint-enable react-hooks/set-state-in-effect */

  // An outside click or Escape closes the open dropdown.
  useEffect(() => {
    if (openMenu === null) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpenMenuState(null);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpenMenuState(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [openMenu]);

  const isOpen = (path: string) => openMenu === path || (openMenu?.startsWith(path + '/') ?? false);
  const toggle = (path: string) => {
    // A click on a menu the pointer just opened by hovering keeps it open.
    if (openMenu === path && openedByHover) {
      setOpenMenu(path);
    } else if (isOpen(path)) {
      const parent = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : null;
      setOpenMenu(parent);
    } else {
      setOpenMenu(path);
    }
  };

  // The flags follow React's state: the buttons' expanded state is theirs.
  useEffect(() => {
    syncOpenFlag(MOBILE_MENU_FLAG, mobileOpen);
    for (const path of menuPaths(layout.navigation.items)) syncOpenFlag(menuFlagId(path), isOpen(path));
  });

  function renderEntries(entries: NavItem[], parentPath: string, depth: number) {
    const menuId = `nav-menu-${parentPath.replace(/\//g, '-')}`;
    return (
      <ul id={menuId} className={`nav-menu nav-menu-depth-${depth}${isOpen(parentPath) ? ' is-open' : ''}`}>
        {entries.map((entry, index) => {
          const path = `${parentPath}/${index}`;
          return (
            <li
              key={path}
              className={entry.entries.length > 0 ? 'has-menu' : undefined}
              onMouseEnter={() => {
                if (entry.entries.length > 0 && hoverOpensMenus() && !isOpen(path)) setOpenMenu(path, true);
              }}
            >
              <Link to={entry.to} state={entryState(entry)} className="nav-menu-link" onClick={closeAll}>
                {entry.label}
              </Link>
              {entry.entries.length > 0 && (
                <>
                  <MenuToggle
                    label={entry.label}
                    controls={`nav-menu-${path.replace(/\//g, '-')}`}
                    flag={menuFlagId(path)}
                    onToggle={() => toggle(path)}
                  />
                  <OpenFlag id={menuFlagId(path)} />
                  {renderEntries(entry.entries, path, depth + 1)}
                </>
              )}
            </li>
          );
        })}
      </ul>
    );
  }

  const { site, navigation } = layout;
  return (
    <>
      <nav
        ref={navRef}
        className={`nav-bar${isFixed ? ' is-fixed' : ''}`}
        aria-label="Main"
        onMouseLeave={() => {
          if (openedByHover) setOpenMenuState(null);
        }}
      >
        <div className="container nav-bar-inner">
          <Link to="/" className="nav-logo" onClick={closeAll}>
            {/* In a <picture>, which React does not preload: the logo is near the top of
                the markup anyway, and a frame that hoists nothing is prerendered once per
                navigation state (app/frame-cache.ts). */}
            <picture>
              <img src={site.logo.src} width={site.logo.width} height={site.logo.height} alt={site.shortName} />
            </picture>
          </Link>
          <button
            type="button"
            className="nav-mobile-toggle"
            aria-controls="primary-navigation"
            popoverTarget={MOBILE_MENU_FLAG}
            onClick={withoutNativeToggle(() =>
              setMobileState(mobileOpen ? null : { locationKey: location.key, value: 'open' }),
            )}
          >
            {/* Both drawn: CSS shows the one for the flag's state, before hydration too. */}
            <span className="nav-toggle-icon-open">
              <Menu size={24} aria-hidden="true" />
            </span>
            <span className="nav-toggle-icon-close">
              <X size={24} aria-hidden="true" />
            </span>
            <span className="visually-hidden">Menu</span>
          </button>
          <OpenFlag id={MOBILE_MENU_FLAG} />
          <div id="primary-navigation" className={`nav-collapse${mobileOpen ? ' is-open' : ''}`}>
            <ul className="nav-items">
              {navigation.items.map((item, index) => {
                const path = String(index);
                const hasMenu = item.entries.length > 0;
                return (
                  <li
                    key={path}
                    className={`nav-item${hasMenu ? ' has-menu' : ''}`}
                    onMouseEnter={() => {
                      if (hasMenu && hoverOpensMenus()) {
                        if (!isOpen(path)) setOpenMenu(path, true);
                      }
                    }}
                  >
                    <NavLink to={item.to} end={item.to === '/'} className="nav-link" onClick={closeAll}>
                      {item.label}
                    </NavLink>
                    {hasMenu && (
                      <>
                        <MenuToggle
                          label={item.label}
                          controls={`nav-menu-${path}`}
                          flag={menuFlagId(path)}
                          onToggle={() => toggle(path)}
                        />
                        <OpenFlag id={menuFlagId(path)} />
                        {renderEntries(item.entries, path, 1)}
                      </>
                    )}
                  </li>
                );
              })}
            </ul>
            {/* A link to the contact page until the app has arrived (and without JavaScript);
                then it opens the quote dialog. */}
            <Link
              to="/contact"
              className="button button-primary nav-quote"
              aria-haspopup="dialog"
              onClick={(event) => {
                if (!isPlainClick(event)) return;
                event.preventDefault();
                closeAll();
                onGetQuote();
              }}
            >
              Get a Quote
            </Link>
          </div>
          <HeaderSearch />
          <QuoteListLink />
        </div>
      </nav>
      {isFixed && <div className="nav-spacer" aria-hidden="true" />}
    </>
  );
}

/** A dropdown's disclosure button: its expanded state is its flag's (open-flag.tsx). */
type MenuToggleProps = { label: string; controls: string; flag: string; onToggle: () => void };

function MenuToggle({ label, controls, flag, onToggle }: MenuToggleProps) {
  return (
    <button
      type="button"
      className="nav-menu-toggle"
      aria-controls={controls}
      popoverTarget={flag}
      onClick={withoutNativeToggle(onToggle)}
    >
      <ChevronDown size={16} aria-hidden="true" />
      <span className="visually-hidden">{label} menu</span>
    </button>
  );
}
