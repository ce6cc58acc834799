import { JobApplicationForm } from '../../forms/job/JobApplicationForm';
import '../../styles/form-page.css';
import { Link } from '../../components/link/AppLink';

/** `/jobapplicationform`: the job application form. */
export default function JobApplicationPage() {
  return (
    <div className="container form-page">
      <Link to="/" className="form-page-home">
        Home
      </Link>
      <h1>Job Application Form</h1>
      <JobApplicationForm />
    </div>
  );
}
