// The forms' validation rules (spec point 5), pure functions of the entered values.
import { MESSAGE_MIN_LENGTH, NAME_MIN_LENGTH, RESUME_MAX_BYTES } from './limits';

/** One message per failing field, in the form's field order; empty when valid. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export const MESSAGES = {
  nameRequired: 'Name is required',
  nameTooShort: `Name must be at least ${NAME_MIN_LENGTH} characters`,
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  phoneRequired: 'Phone number is required',
  phoneFormat: 'Please use format ###-###-####',
  messageRequired: 'Message is required',
  messageTooShort: `Message must be at least ${MESSAGE_MIN_LENGTH} characters`,
  resumeRequired: 'Resume is required',
  resumeType: 'Only PDF or Word documents are allowed',
  resumeSize: 'File size must be less than 5MB',
  enquiryRequired: 'Please fill in all fields.',
  enquiryContactNumber: 'Please enter a valid contact number (10 digits).',
  enquiryEmail: 'Please enter a valid email address.',
  fixErrors: 'Please fix the errors in the form',
} as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_PATTERN = /^\d{3}-\d{3}-\d{4}$/;
const TEN_DIGITS_PATTERN = /^\d{10}$/;

/** Whether `value` looks like an e-mail address (something@domain.tld, no spaces). */
export function isEmailAddress(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

function nameError(name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return MESSAGES.nameRequired;
  if (trimmed.length < NAME_MIN_LENGTH) return MESSAGES.nameTooShort;
  return undefined;
}

function emailError(email: string): string | undefined {
  if (!email.trim()) return MESSAGES.emailRequired;
  if (!isEmailAddress(email)) return MESSAGES.emailInvalid;
  return undefined;
}

function phoneError(phone: string): string | undefined {
  if (!phone.trim()) return MESSAGES.phoneRequired;
  if (!PHONE_PATTERN.test(phone.trim())) return MESSAGES.phoneFormat;
  return undefined;
}

function messageError(message: string): string | undefined {
  const trimmed = message.trim();
  if (!trimmed) return MESSAGES.messageRequired;
  if (trimmed.length < MESSAGE_MIN_LENGTH) return MESSAGES.messageTooShort;
  return undefined;
}

/** Drops the fields without a message, keeping the field order. */
function collect<F extends string>(entries: Array<[F, string | undefined]>): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const [field, message] of entries) if (message) errors[field] = message;
  return errors;
}

/** The first failing field in the form's order, the one that gets focus. */
export function firstInvalidField<F extends string>(errors: FieldErrors<F>, order: readonly F[]): F | undefined {
  return order.find((field) => errors[field] !== undefined);
}

export function hasErrors<F extends string>(errors: FieldErrors<F>): boolean {
  return Object.keys(errors).length > 0;
}

/** The errors without `field`'s: a field's error clears when that field is edited. */
export function withoutError<F extends string>(errors: FieldErrors<F>, field: F): FieldErrors<F> {
  if (!(field in errors)) return errors;
  const rest = { ...errors };
  delete rest[field];
  return rest;
}

// --- Contact form -------------------------------------------------------------------

export type ContactValues = { name: string; email: string; phone: string; message: string };
export type ContactField = keyof ContactValues;
export const CONTACT_FIELDS: readonly ContactField[] = ['name', 'email', 'phone', 'message'];

/** The contact form's eight rules (spec point 5 table). */
export function validateContactForm(values: ContactValues): FieldErrors<ContactField> {
  return collect<ContactField>([
    ['name', nameError(values.name)],
    ['email', emailError(values.email)],
    ['phone', phoneError(values.phone)],
    ['message', messageError(values.message)],
  ]);
}

// --- Job application ----------------------------------------------------------------

/** What the job form needs to know about the chosen file. */
export type ResumeFile = { name: string; type: string; size: number };
export type JobApplicationValues = { name: string; email: string; phone: string; resume: ResumeFile | null };
export type JobApplicationField = keyof JobApplicationValues;
export const JOB_APPLICATION_FIELDS: readonly JobApplicationField[] = ['name', 'email', 'phone', 'resume'];

/** Accepted resume types: each extension with the MIME types a browser reports for it. */
const RESUME_TYPES: Record<string, readonly string[]> = {
  pdf: ['application/pdf'],
  doc: ['application/msword'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
};

/** MIME types a browser reports when it does not know the file's type. */
const UNKNOWN_TYPES = ['', 'application/octet-stream'];

/** The `accept` attribute of the resume input. */
export const RESUME_ACCEPT = [
  ...Object.keys(RESUME_TYPES).map((extension) => `.${extension}`),
  ...Object.values(RESUME_TYPES).flat(),
].join(',');

/**
 * A PDF or Word document by extension and by type: the extension must be .pdf, .doc or
 * .docx and the reported type must be that extension's (or unknown to the browser).
 */
export function isAcceptedResumeType(file: Pick<ResumeFile, 'name' | 'type'>): boolean {
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  const types = RESUME_TYPES[extension];
  if (!types) return false;
  const type = file.type.toLowerCase();
  return types.includes(type) || UNKNOWN_TYPES.includes(type);
}

function resumeError(resume: ResumeFile | null): string | undefined {
  if (!resume) return MESSAGES.resumeRequired;
  if (!isAcceptedResumeType(resume)) return MESSAGES.resumeType;
  if (resume.size >= RESUME_MAX_BYTES) return MESSAGES.resumeSize;
  return undefined;
}

/** The job form: the contact form's rules for name, email and phone, plus the resume's. */
export function validateJobApplication(values: JobApplicationValues): FieldErrors<JobApplicationField> {
  return collect<JobApplicationField>([
    ['name', nameError(values.name)],
    ['email', emailError(values.email)],
    ['phone', phoneError(values.phone)],
    ['resume', resumeError(values.resume)],
  ]);
}

// --- Product enquiry ----------------------------------------------------------------

export type EnquiryValues = { from_name: string; from_email: string; contact_number: string; message: string };
export type EnquiryField = keyof EnquiryValues;
export const ENQUIRY_FIELDS: readonly EnquiryField[] = ['from_name', 'from_email', 'contact_number', 'message'];

/** The enquiry modal shows one message for the form and marks the fields it is about. */
export type EnquiryError = { message: string; fields: EnquiryField[] };

/** The enquiry rules in the spec's order: all fields, then the contact number, then the e-mail. */
export function validateEnquiry(values: EnquiryValues): EnquiryError | null {
  const empty = ENQUIRY_FIELDS.filter((field) => !values[field].trim());
  if (empty.length > 0) return { message: MESSAGES.enquiryRequired, fields: empty };
  if (!TEN_DIGITS_PATTERN.test(values.contact_number.trim())) {
    return { message: MESSAGES.enquiryContactNumber, fields: ['contact_number'] };
  }
  if (!isEmailAddress(values.from_email)) return { message: MESSAGES.enquiryEmail, fields: ['from_email'] };
  return null;
}

// --- Quote request ------------------------------------------------------------------

export type QuoteValues = { name: string; contact: string; email: string; message: string };
export type QuoteField = keyof QuoteValues;
export const QUOTE_FIELDS: readonly QuoteField[] = ['name', 'contact', 'email', 'message'];

/** The quote modal: every field required and the e-mail well formed, with the contact form's messages. */
export function validateQuote(values: QuoteValues): FieldErrors<QuoteField> {
  return collect<QuoteField>([
    ['name', values.name.trim() ? undefined : MESSAGES.nameRequired],
    ['contact', values.contact.trim() ? undefined : MESSAGES.phoneRequired],
    ['email', emailError(values.email)],
    ['message', values.message.trim() ? undefined : MESSAGES.messageRequired],
  ]);
}
