import { CircleCheck } from 'lucide-react';
import './blocks.css';

/** `/Notification`: the notification toast, shown static (a check icon and a message). */
export default function NotificationPreviewPage() {
  return (
    <div className="container section block-preview">
      <h1 className="block-preview-heading">Notification</h1>
      <div className="toast-preview" role="status">
        <CircleCheck size={22} aria-hidden="true" />
        <span>Your information has been submitted successfully!</span>
      </div>
    </div>
  );
}
