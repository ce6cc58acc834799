import { CircleCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { NOTIFICATION_TOAST_MS } from '../../config/timing';
import './blocks.css';

/**
 * `/Notification`: the notification toast on its own: a check icon and a message, gone
 * after 3 s (prerendered shown, so the first render matches the server's).
 */
export default function NotificationPreviewPage() {
  const [shown, setShown] = useState(true);
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(false), NOTIFICATION_TOAST_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  return (
    <div className="container section block-preview">
      <h1 className="block-preview-heading">Notification</h1>
      <div role="status">
        {shown ? (
          <div className="toast-preview">
            <CircleCheck size={22} aria-hidden="true" />
            <span>Your information has been submitted successfully!</span>
          </div>
        ) : (
          <button type="button" className="button button-outline" onClick={() => setShown(true)}>
            Show the notification again
          </button>
        )}
      </div>
    </div>
  );
}
