import { describe, expect, it } from 'vitest';
import {
  CONTACT_FIELDS,
  firstInvalidField,
  isAcceptedResumeType,
  validateContactForm,
  validateEnquiry,
  validateJobApplication,
  validateQuote,
  withoutError,
  type ContactValues,
  type EnquiryValues,
  type JobApplicationValues,
  type QuoteValues,
  type ResumeFile,
} from '../validation';

const contact: ContactValues = {
  name: 'Asha',
  email: 'asha@example.com',
  phone: '022-555-0199',
  message: 'Please call me back.',
};

describe('contact form rules (spec point 5)', () => {
  it('accepts a complete, well-formed message', () => {
    expect(validateContactForm(contact)).toEqual({});
  });

  it('requires every field, with one message per field', () => {
    expect(validateContactForm({ name: '', email: '', phone: '', message: '' })).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      phone: 'Phone number is required',
      message: 'Message is required',
    });
  });

  it('treats whitespace only as missing', () => {
    expect(validateContactForm({ name: '   ', email: ' ', phone: '  ', message: '\n ' })).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      phone: 'Phone number is required',
      message: 'Message is required',
    });
  });

  it('needs a name of at least 3 trimmed characters (2 fail, 3 pass)', () => {
    expect(validateContactForm({ ...contact, name: 'Al' }).name).toBe('Name must be at least 3 characters');
    expect(validateContactForm({ ...contact, name: '  Al  ' }).name).toBe('Name must be at least 3 characters');
    expect(validateContactForm({ ...contact, name: 'Ali' }).name).toBeUndefined();
    expect(validateContactForm({ ...contact, name: ' Ali ' }).name).toBeUndefined();
  });

  it('needs an e-mail address that looks like one', () => {
    for (const email of ['asha', 'asha@', 'asha@example', '@example.com', 'asha @example.com', 'asha@exa mple.com']) {
      expect(validateContactForm({ ...contact, email }).email, email).toBe('Please enter a valid email address');
    }
    for (const email of ['a@b.co', 'first.last+tag@mail.example.in', ' asha@example.com ']) {
      expect(validateContactForm({ ...contact, email }).email, email).toBeUndefined();
    }
  });

  it('needs the phone as ###-###-####', () => {
    for (const phone of ['0225550199', '022-5550-199', '22-555-0199', '022-555-01999', '022 555 0199', 'abc-def-ghij']) {
      expect(validateContactForm({ ...contact, phone }).phone, phone).toBe('Please use format ###-###-####');
    }
    expect(validateContactForm({ ...contact, phone: '022-555-0199' }).phone).toBeUndefined();
  });

  it('needs a message of at least 10 trimmed characters (9 fail, 10 pass)', () => {
    expect(validateContactForm({ ...contact, message: '123456789' }).message).toBe(
      'Message must be at least 10 characters',
    );
    expect(validateContactForm({ ...contact, message: '  123456789  ' }).message).toBe(
      'Message must be at least 10 characters',
    );
    expect(validateContactForm({ ...contact, message: '1234567890' }).message).toBeUndefined();
  });

  it('names the first invalid field in the form order, for focus', () => {
    const errors = validateContactForm({ ...contact, phone: '', message: '' });
    expect(firstInvalidField(errors, CONTACT_FIELDS)).toBe('phone');
    expect(firstInvalidField({}, CONTACT_FIELDS)).toBeUndefined();
  });

  it('clears one field error at a time', () => {
    const errors = validateContactForm({ name: '', email: '', phone: contact.phone, message: contact.message });
    expect(withoutError(errors, 'name')).toEqual({ email: 'Email is required' });
    expect(withoutError(errors, 'phone')).toBe(errors);
  });
});

const pdf = (size = 1000): ResumeFile => ({ name: 'cv.pdf', type: 'application/pdf', size });
const job: JobApplicationValues = { name: 'Asha', email: 'asha@example.com', phone: '022-555-0199', resume: pdf() };

describe('job form rules (spec point 5)', () => {
  it('accepts a complete application', () => {
    expect(validateJobApplication(job)).toEqual({});
  });

  it('shares the contact rules for name, e-mail and phone', () => {
    expect(validateJobApplication({ ...job, name: 'Al', email: 'x', phone: '123' })).toEqual({
      name: 'Name must be at least 3 characters',
      email: 'Please enter a valid email address',
      phone: 'Please use format ###-###-####',
    });
  });

  it('requires a resume', () => {
    expect(validateJobApplication({ ...job, resume: null }).resume).toBe('Resume is required');
  });

  it.each([
    ['cv.pdf', 'application/pdf'],
    ['cv.PDF', 'application/pdf'],
    ['cv.doc', 'application/msword'],
    ['cv.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['cv.docx', ''],
    ['cv.doc', 'application/octet-stream'],
  ])('accepts %s of type "%s"', (name, type) => {
    expect(isAcceptedResumeType({ name, type })).toBe(true);
    expect(validateJobApplication({ ...job, resume: { name, type, size: 10 } }).resume).toBeUndefined();
  });

  it.each([
    ['cv.txt', 'text/plain'],
    ['cv.txt', 'application/pdf'],
    ['cv.pdf', 'text/plain'],
    ['cv.doc', 'application/pdf'],
    ['cv.png', 'image/png'],
    ['cv', 'application/pdf'],
    ['cv.pdf.exe', 'application/x-msdownload'],
  ])('rejects %s of type "%s"', (name, type) => {
    expect(isAcceptedResumeType({ name, type })).toBe(false);
    expect(validateJobApplication({ ...job, resume: { name, type, size: 10 } }).resume).toBe(
      'Only PDF or Word documents are allowed',
    );
  });

  it('needs a file under 5 MB (5242879 bytes pass, 5242880 fail)', () => {
    expect(validateJobApplication({ ...job, resume: pdf(5_242_879) }).resume).toBeUndefined();
    expect(validateJobApplication({ ...job, resume: pdf(5_242_880) }).resume).toBe('File size must be less than 5MB');
  });
});

const enquiry: EnquiryValues = {
  from_name: 'Asha',
  from_email: 'asha@example.com',
  contact_number: '9876543210',
  message: 'Price?',
};

describe('enquiry modal rules (spec point 5)', () => {
  it('accepts a complete enquiry', () => {
    expect(validateEnquiry(enquiry)).toBeNull();
  });

  it('requires all four fields, marking the empty ones', () => {
    expect(validateEnquiry({ ...enquiry, from_name: '', message: ' ' })).toEqual({
      message: 'Please fill in all fields.',
      fields: ['from_name', 'message'],
    });
  });

  it('needs exactly 10 digits in the contact number (9 and 11 fail)', () => {
    const invalid = { message: 'Please enter a valid contact number (10 digits).', fields: ['contact_number'] };
    expect(validateEnquiry({ ...enquiry, contact_number: '987654321' })).toEqual(invalid);
    expect(validateEnquiry({ ...enquiry, contact_number: '98765432101' })).toEqual(invalid);
    expect(validateEnquiry({ ...enquiry, contact_number: '98765-43210' })).toEqual(invalid);
    expect(validateEnquiry({ ...enquiry, contact_number: '987654321a' })).toEqual(invalid);
    expect(validateEnquiry({ ...enquiry, contact_number: '9876543210' })).toBeNull();
  });

  it('needs a well-formed e-mail address, checked after the contact number', () => {
    expect(validateEnquiry({ ...enquiry, from_email: 'asha@example' })).toEqual({
      message: 'Please enter a valid email address.',
      fields: ['from_email'],
    });
    expect(validateEnquiry({ ...enquiry, from_email: 'asha@example', contact_number: '1' })?.fields).toEqual([
      'contact_number',
    ]);
  });
});

describe('quote modal rules', () => {
  const quote: QuoteValues = { name: 'A', contact: '1', email: 'a@b.co', message: 'x' };

  it('requires the four fields with the contact form messages, nothing more', () => {
    expect(validateQuote(quote)).toEqual({});
    expect(validateQuote({ name: '', contact: '', email: '', message: '' })).toEqual({
      name: 'Name is required',
      contact: 'Phone number is required',
      email: 'Email is required',
      message: 'Message is required',
    });
  });

  it('needs a well-formed e-mail address', () => {
    expect(validateQuote({ ...quote, email: 'a@b' }).email).toBe('Please enter a valid email address');
  });
});
