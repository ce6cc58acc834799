import { Link } from 'react-router-dom';
import { ContactForm } from '../../forms/contact/ContactForm';
import '../../styles/form-page.css';

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
