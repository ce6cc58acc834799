/** Where the outbox is kept (localStorage). */
export const OUTBOX_STORAGE_KEY = 'outbox';
