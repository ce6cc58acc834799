import { RouteBreadcrumb } from '../../components/breadcrumb/RouteBreadcrumb';
import { NotFoundMessage } from '../../components/not-found/NotFoundMessage';
import { useRouteData } from '../../content/hooks';
import type { RailwayPageData } from '../../content/types';
import { CertificateGrid } from '../../components/certificate-grid/CertificateGrid';
import { registrationPath } from '../../lib/paths';
import { Link } from '../../components/link/AppLink';

/** `/railway-registration`: the registrations of every type. */
export default function RailwayPage() {
  const data = useRouteData<RailwayPageData>();
  if (!data) return <NotFoundMessage />;
  return (
    <div className="container railway-page">
      <RouteBreadcrumb />
      <h1>Railway Registration Certification</h1>
      {data.page.types.map((group) => (
        <section key={group.type} className="section" aria-labelledby={`registrations-${group.type}`}>
          <h2 id={`registrations-${group.type}`}>
            <Link to={registrationPath(group.type)}>{group.type}</Link>
          </h2>
          <CertificateGrid items={group.items} />
        </section>
      ))}
    </div>
  );
}
