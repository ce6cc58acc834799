import { Link } from 'react-router-dom';
import '../../styles/form-page.css';

/** `/contact`: the contact form (validation and sending are a later issue). */
export default function ContactPage() {
  return (
    <div className="container form-page">
      <Link to="/" className="form-page-home">
        Home
      </Link>
      <h1>Contact Us</h1>
      <form className="form-card" noValidate onSubmit={(event) => event.preventDefault()}>
        <div className="form-field">
          <label htmlFor="contact-name">Name</label>
          <input id="contact-name" name="name" type="text" autoComplete="name" />
        </div>
        <div className="form-field">
          <label htmlFor="contact-email">Email</label>
          <input id="contact-email" name="email" type="email" autoComplete="email" />
        </div>
        <div className="form-field">
          <label htmlFor="contact-phone">Phone</label>
          <input id="contact-phone" name="phone" type="tel" autoComplete="tel" placeholder="###-###-####" />
        </div>
        <div className="form-field">
          <label htmlFor="contact-message">Message</label>
          <textarea id="contact-message" name="message" rows={5} />
        </div>
        <button type="submit" className="button button-primary">
          Send Message
        </button>
      </form>
    </div>
  );
}
