// The site's in-app links, built from React Router's hooks. React Router's own <Link>
// and <NavLink> also carry framework-mode code (route prefetching, view transitions,
// the discovery of lazy route manifests) that this app never uses; on every page's
// first load that code cost about 3 KB gzip of the home page's JavaScript budget.
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath } from 'react-router-dom';
import { useFrameDependency } from '../../lib/frame-parts';

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** An in-app path, e.g. `/products/category/dialysis`. */
  to: string;
  /** History state the next screen reads (`useLocation().state`). */
  state?: unknown;
};

/** A link that navigates inside the app (a plain `<a href>` without JavaScript). */
export function Link({ to, state, onClick, target, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { state, target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    // Modified clicks (new tab, …) and other targets stay the browser's.
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
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
