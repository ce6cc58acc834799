import { NotFoundMessage } from '../../components/not-found/NotFoundMessage';

/** Any unknown URL (prerendered as 404.html, HTTP status 404). */
export default function NotFoundPage() {
  return <NotFoundMessage />;
}
