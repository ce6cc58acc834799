import { useLayoutData } from '../../content/hooks';
import { SiteFooter } from './SiteFooter';

/** `/footer`: the footer block alone (the frame leaves its own footer out here). */
export default function FooterBlockPage() {
  return <SiteFooter layout={useLayoutData()} />;
}
