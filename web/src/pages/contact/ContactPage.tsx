import { ContactForm } from '../../forms/contact/ContactForm';
import '../../styles/form-page.css';
import { Link } from '../../components/link/AppLink';

/** `/contact`: the contact form. */
export default function ContactPage() {
  return (
    <div className="container form-page">
      <Link to="/" className="form-page-home">
        Home
      </Link>
      <h1>Contact Us</h1>
      <ContactForm />
    </div>
  );
}
