import './breadcrumb.css';
import { Link } from '../link/AppLink';

export type Crumb = { label: string; to?: string; state?: unknown };

/** Home / … / current page. The last crumb is the current page (no link). */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <ol>
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={index}>
              {item.to && !last ? (
                <Link to={item.to} state={item.state}>
                  {item.label}
                </Link>
              ) : (
                <span aria-current={last ? 'page' : undefined}>{item.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
