import { useRouteData } from '../../content/hooks';
import { encodePathname } from '../../content/route-data-url';
import { Breadcrumb, type Crumb } from './Breadcrumb';

/**
 * The page's breadcrumb trail as the build planned it from the route table (its JSON-LD
 * `BreadcrumbList` is the same trail), or `fallback` while the route has no data (a
 * page that was not found).
 */
export function RouteBreadcrumb({ fallback }: { fallback?: Crumb[] }) {
  const trail = useRouteData<unknown>()?.meta.breadcrumb ?? [];
  const items = trail.length > 0 ? trail.map(({ label, path }) => ({ label, to: encodePathname(path) })) : fallback;
  return items ? <Breadcrumb items={items} /> : null;
}
