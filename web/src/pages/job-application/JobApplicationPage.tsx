import { Link } from 'react-router-dom';
import '../../styles/form-page.css';

/** `/jobapplicationform`: the job application form (validation and the simulated submit are a later issue). */
export default function JobApplicationPage() {
  return (
    <div className="container form-page">
      <Link to="/" className="form-page-home">
        Home
      </Link>
      <h1>Job Application Form</h1>
      <form className="form-card" noValidate onSubmit={(event) => event.preventDefault()}>
        <div className="form-field">
          <label htmlFor="job-name">Name</label>
          <input id="job-name" name="name" type="text" autoComplete="name" />
        </div>
        <div className="form-field">
          <label htmlFor="job-email">Email</label>
          <input id="job-email" name="email" type="email" autoComplete="email" />
        </div>
        <div className="form-field">
          <label htmlFor="job-phone">Phone</label>
          <input id="job-phone" name="phone" type="tel" autoComplete="tel" placeholder="###-###-####" />
        </div>
        <div className="form-field">
          <label htmlFor="job-resume">Resume</label>
          <input
            id="job-resume"
            name="resume"
            type="file"
            accept=".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          />
        </div>
        <button type="submit" className="button button-primary">
          Submit Application
        </button>
      </form>
    </div>
  );
}
