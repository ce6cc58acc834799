import { useParams } from 'react-router-dom';
import { RouteBreadcrumb } from '../../components/breadcrumb/RouteBreadcrumb';
import { CertificateGrid } from '../../components/certificate-grid/CertificateGrid';
import { useRouteData } from '../../content/hooks';
import type { RegistrationsPageData } from '../../content/types';

/** `/railway-registration/{type}`: the list of one type (any other type: an empty list). */
export default function RegistrationsPage() {
  const data = useRouteData<RegistrationsPageData>();
  const params = useParams();
  const type = data?.page.type ?? params.type ?? '';
  return (
    <div className="container railway-page">
      <RouteBreadcrumb />
      <h1>{type} Registration Certificates</h1>
      <CertificateGrid
        items={data?.page.items ?? []}
        emptyText="There are no registration certificates of this type yet. Please see PCMM or PCMD."
      />
    </div>
  );
}
