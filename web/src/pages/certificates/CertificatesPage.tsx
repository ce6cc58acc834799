import { useState } from 'react';
import { RouteBreadcrumb } from '../../components/breadcrumb/RouteBreadcrumb';
import { CertificateGrid } from '../../components/certificate-grid/CertificateGrid';
import { Lightbox } from '../../components/lightbox/Lightbox';
import { NotFoundMessage } from '../../components/not-found/NotFoundMessage';
import { useRouteData } from '../../content/hooks';
import type { Certificate, CertificatesPageData } from '../../content/types';

/** `/certificate`: the professional certification gallery. */
export default function CertificatesPage() {
  const data = useRouteData<CertificatesPageData>();
  const [selected, setSelected] = useState<Certificate | null>(null);
  if (!data) return <NotFoundMessage />;
  return (
    <div className="container certificates-page">
      <RouteBreadcrumb />
      <h1>Professional Certification</h1>
      <CertificateGrid items={data.page.certificates} onOpen={setSelected} />
      {selected?.image && <Lightbox image={selected.image} title={selected.title} onClose={() => setSelected(null)} />}
    </div>
  );
}
