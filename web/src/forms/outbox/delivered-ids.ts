// Which outbox entries were delivered, kept in IndexedDB. Chromium gives each tab its
// own copy of localStorage and brings it up to date with the other tabs' writes a
// moment later, so a tab that takes the outbox lock just after another delivered an
// entry could still read it there and send it again. IndexedDB answers every tab from
// one store: what a tab recorded before it let the lock go, the next holder reads.
// Without IndexedDB (blocked storage), the outbox relies on localStorage alone.

const DATABASE = 'sitegen-outbox';
const STORE = 'delivered';

let database: Promise<IDBDatabase | null> | undefined;

function open(): Promise<IDBDatabase | null> {
  database ??= new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(null);
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = request.onblocked = () => resolve(null);
  });
  return database;
}

/** Runs `use` in one transaction of the store; resolves once it is complete (durable). */
async function inTransaction<T>(
  mode: IDBTransactionMode,
  use: (store: IDBObjectStore) => IDBRequest<T> | void,
): Promise<T | undefined> {
  const db = await open();
  if (!db) return undefined;
  return new Promise((resolve) => {
    const transaction = db.transaction(STORE, mode);
    const request = use(transaction.objectStore(STORE));
    transaction.oncomplete = () => resolve(request ? request.result : undefined);
    transaction.onerror = transaction.onabort = () => resolve(undefined);
  });
}

/** Whether the entry `id` was delivered (by any tab). */
export async function wasDelivered(id: string): Promise<boolean> {
  return (await inTransaction('readonly', (store) => store.get(id))) !== undefined;
}

/** Records that the entry `id` was delivered, and forgets deliveries older than `maxAgeMs`. */
export async function markDelivered(id: string, now: number, maxAgeMs: number): Promise<void> {
  await inTransaction('readwrite', (store) => {
    const cursor = store.openCursor();
    cursor.onsuccess = () => {
      const record = cursor.result;
      if (!record) return;
      if (typeof record.value !== 'number' || record.value < now - maxAgeMs) record.delete();
      record.continue();
    };
    store.put(now, id);
  });
}
