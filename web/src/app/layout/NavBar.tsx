import { ChevronDown, Menu, X } from '../../components/icons/frame-icons';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { FIXED_NAV_SCROLL_THRESHOLD_PX, NAV_DESKTOP_MIN_WIDTH_PX, STATIC_NAV_PATHS } from '../../config/timing';
import type { Layout, NavItem } from '../../content/types';
import { Link, NavLink } from '../../components/link/AppLink';
import { QuoteListLink } from '../../quote-list/QuoteListLink';

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
                    expanded={isOpen(path)}
                    controls={`nav-menu-${path.replace(/\//g, '-')}`}
                    onToggle={() => toggle(path)}
                  />
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
            aria-expanded={mobileOpen}
            aria-controls="primary-navigation"
            onClick={() => setMobileState(mobileOpen ? null : { locationKey: location.key, value: 'open' })}
          >
            {mobileOpen ? <X size={24} aria-hidden="true" /> : <Menu size={24} aria-hidden="true" />}
            <span className="visually-hidden">Menu</span>
          </button>
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
                          expanded={isOpen(path)}
                          controls={`nav-menu-${path}`}
                          onToggle={() => toggle(path)}
                        />
                        {renderEntries(item.entries, path, 1)}
                      </>
                    )}
                  </li>
                );
              })}
            </ul>
            <button
              type="button"
              className="button button-primary nav-quote"
              onClick={() => {
                closeAll();
                onGetQuote();
              }}
            >
              Get a Quote
            </button>
          </div>
          <QuoteListLink />
        </div>
      </nav>
      {isFixed && <div className="nav-spacer" aria-hidden="true" />}
    </>
  );
}

type MenuToggleProps = { label: string; expanded: boolean; controls: string; onToggle: () => void };

function MenuToggle({ label, expanded, controls, onToggle }: MenuToggleProps) {
  return (
    <button
      type="button"
      className="nav-menu-toggle"
      aria-expanded={expanded}
      aria-controls={controls}
      onClick={onToggle}
    >
      <ChevronDown size={16} aria-hidden="true" />
      <span className="visually-hidden">{label} menu</span>
    </button>
  );
}
