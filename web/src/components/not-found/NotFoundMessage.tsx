import './not-found.css';
import { Link } from '../link/AppLink';

/** The not-found screen's content (spec §2 "404 page"); also a screen's state when its data is missing. */
export function NotFoundMessage() {
  return (
    <div className="container section not-found">
      <h1>404 - Page Not Found</h1>
      <p>Oops! The page you are looking for does not exist.</p>
      <Link to="/" className="button button-secondary">
        Go Back Home
      </Link>
    </div>
  );
}
