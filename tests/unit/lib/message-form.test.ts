import { describe, expect, it } from 'vitest';
import { BODY_REQUIRED, SUBJECT_REQUIRED, checkMessage, draftMessage, linkNote } from '../../../src/lib/message-form.ts';

const pending = { reference: 'PAY-01JD5Q8Z7X9K3M2N', status: 'Pending', customerName: 'Ama Mensah', amount: '12.50', currency: 'GHS' };

describe('the message composer', () => {
  it('drafts an invoice note before payment and a receipt note after', () => {
    expect(draftMessage(pending)).toEqual({
      subject: 'Invoice PAY-01JD5Q8Z7X9K3M2N',
      body: 'Dear Ama Mensah,\n\nPlease find your invoice of 12.50 GHS linked below.',
    });
    expect(draftMessage({ ...pending, status: 'Success' }).subject).toBe('Your receipt for PAY-01JD5Q8Z7X9K3M2N');
    expect(linkNote(pending)).toBe('The invoice link is added below your message.');
    expect(linkNote({ status: 'Success' })).toBe('The receipt link is added below your message.');
    expect(linkNote({ status: 'Failed' })).toBe('The invoice link is added below your message.');
  });

  it('requires a subject and a message, trimmed and bounded', () => {
    expect(checkMessage({ subject: '  ', body: '\n' })).toEqual({ ok: false, errors: { subject: SUBJECT_REQUIRED, body: BODY_REQUIRED } });
    expect(checkMessage({ subject: 'x'.repeat(201), body: 'ok' })).toEqual({ ok: false, errors: { subject: 'At most 200 characters.' } });
    expect(checkMessage({ subject: ' Hello ', body: ' Text \n' })).toEqual({ ok: true, value: { subject: 'Hello', body: 'Text' } });
  });
});
