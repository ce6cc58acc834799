import { useSyncExternalStore } from 'react';
import { subscribeToLocalStorage } from '../../lib/local-storage-change';
import { readOutbox } from './outbox-core';
import './outbox.css';

const waitingCount = () => readOutbox(Date.now()).filter((entry) => entry.state !== 'failed-permanent').length;
const none = () => 0;

/** "1 message waiting to be sent" while the outbox holds one that may still be sent. */
export function OutboxIndicator() {
  const count = useSyncExternalStore(subscribeToLocalStorage, waitingCount, none);
  if (count === 0) return null;
  return (
    <p className="outbox-indicator" role="status">
      {count === 1 ? '1 message waiting to be sent' : `${count} messages waiting to be sent`}
    </p>
  );
}
