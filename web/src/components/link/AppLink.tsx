// The site's in-app links. React Router's own <Link> and <NavLink> also carry
// framework-mode code (route prefetching, view transitions, the discovery of lazy
// route manifests) that this app never uses; on every page's first load that code cost
// about 3 KB gzip of the home page's JavaScript budget. Every link here is to an
// absolute path, which is its own href: resolving it (useHref, and again in
// useLinkClickHandler) was a tenth of the prerender's time per page.
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { createPath, useLocation, useNavigate, useResolvedPath } from 'react-router-dom';
import { useFrameDependency } from '../../lib/frame-parts';

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /**
   * An in-app path from the site root, e.g. `/products/category/dialysis` (sitegen
   * checks every link of the content is one, E0702).
   */
  to: string;
  /** History state the next screen reads (`useLocation().state`). */
  state?: unknown;
};

/** A click the app handles: the main button, no modifier, and this window as target. */
export function isPlainClick(event: MouseEvent<HTMLElement>, target?: string): boolean {
  const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
  return event.button === 0 && (!target || target === '_self') && !modified;
}

/** A link that navigates inside the app (a plain `<a href>` without JavaScript). */
export function Link({ to, state, onClick, target, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    // Modified clicks (new tab, …) and other targets stay the browser's.
    if (event.defaultPrevented || !isPlainClick(event, target)) return;
    event.preventDefault();
    // As React Router's links do, a link to the page shown replaces its history entry.
    void navigate(to, { state, replace: createPath(location) === to });
  };
  return <a {...rest} href={to} target={target} onClick={handleClick} />;
}

/**
 * Whether a link to `target` is the current page's at `pathname`: the same path
 * (case-insensitively, as the router matches), or, unless `end`, a path below it.
 */
export function isActivePath(pathname: string, target: string, end: boolean): boolean {
  const here = pathname.toLowerCase();
  const there = target.toLowerCase();
  return here === there || (!end && there !== '/' && here.startsWith(there.endsWith('/') ? there : `${there}/`));
}

/** A link that is `aria-current="page"` and `active` while its route is shown. */
export function NavLink({ to, end = false, className, ...rest }: LinkProps & { end?: boolean }) {
  const { pathname } = useLocation();
  const target = useResolvedPath(to).pathname;
  const active = isActivePath(pathname, target, end);
  // In the frame, a page's navigation state is which of these links are active.
  useFrameDependency(`active ${target} ${end}`, (state) => isActivePath(state.pathname, target, end));
  return (
    <Link
      {...rest}
      to={to}
      className={active ? `${className ?? ''} active`.trim() : className}
      aria-current={active ? 'page' : undefined}
    />
  );
}
