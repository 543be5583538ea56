// The payment page offers 'Try again' only where a retry can help: decided by
// the error code the server sent, whatever its message says.
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { errorCode } from '../app/errors';
import { isFinalRefusal } from './payment-refusal';

const graphQLError = (code: string, message = 'Something went wrong') =>
  new CombinedGraphQLErrors({ data: null, errors: [{ message, extensions: { code } }] });

describe('errorCode', () => {
  it('is the first GraphQL error’s extensions.code', () => {
    expect(errorCode(graphQLError('CONFLICT'))).toBe('CONFLICT');
  });

  it('is null for failures without a GraphQL answer', () => {
    expect(errorCode(new TypeError('Failed to fetch'))).toBeNull();
    expect(errorCode(new ServerError('Bad gateway', { response: new Response('', { status: 502 }), bodyText: '' }))).toBeNull();
    expect(errorCode(null)).toBeNull();
  });
});

describe('isFinalRefusal', () => {
  it.each(['CONFLICT', 'BAD_USER_INPUT', 'NOT_FOUND', 'FORBIDDEN'])('treats %s as final', (code) => {
    expect(isFinalRefusal('accepted', graphQLError(code))).toBe(true);
  });

  it('treats a rule refusal as final even when its message is the generic one', () => {
    expect(isFinalRefusal('accepted', graphQLError('CONFLICT', 'Something went wrong'))).toBe(true);
  });

  it.each(['INTERNAL_SERVER_ERROR', 'SERVICE_UNAVAILABLE'])('lets %s be retried, whatever the message', (code) => {
    expect(isFinalRefusal('accepted', graphQLError(code, 'The payment provider did not answer.'))).toBe(false);
  });

  it('lets network failures and an answer without a payment be retried', () => {
    expect(isFinalRefusal('accepted', new TypeError('Failed to fetch'))).toBe(false);
    expect(isFinalRefusal('accepted', null)).toBe(false);
  });

  it.each(['pending', 'rejected', 'bought'] as const)('is final for an offer that is %s, whatever the error', (status) => {
    expect(isFinalRefusal(status, new TypeError('Failed to fetch'))).toBe(true);
  });
});
