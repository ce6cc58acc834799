// The forms' timings and limits (submission delays, file sizes), in one place.

/** Name: at least this many characters once trimmed. */
export const NAME_MIN_LENGTH = 3;

/** Contact message: at least this many characters once trimmed. */
export const MESSAGE_MIN_LENGTH = 10;

/** A resume must be smaller than this (5 MB, bytes). */
export const RESUME_MAX_BYTES = 5_242_880;

/** The enquiry modal closes this long after its success toast (ms). */
export const ENQUIRY_CLOSE_DELAY_MS = 3500;

/** The enquiry toasts close themselves after this (ms); other toasts use the library's 5 s. */
export const ENQUIRY_TOAST_MS = 3000;

/** The simulated job application submit lasts this long (ms). */
export const JOB_SIMULATED_SUBMIT_MS = 1500;
