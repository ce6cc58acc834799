import { useLayoutData } from '../../content/hooks';
import { SiteFooter } from './SiteFooter';

/** `/footer`: the footer block alone (the frame leaves its own footer out here). */
export default function FooterBlockPage() {
  return (
    <>
      <h1 className="visually-hidden">Footer</h1>
      <SiteFooter layout={useLayoutData()} />
    </>
  );
}
