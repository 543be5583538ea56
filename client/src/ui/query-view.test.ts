// The one rule every querying screen follows for its loading, error, not-found,
// empty and content states.
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { isEmptyList, queryView, type QueryViewInput } from './query-view';

const failure = (code: string) => new CombinedGraphQLErrors({ data: null, errors: [{ message: 'No', extensions: { code } }] });
const view = (input: Partial<QueryViewInput<string[]>>) => queryView<string[]>({ data: undefined, loading: false, isEmpty: isEmptyList, handlesNotFound: false, ...input });

describe('queryView', () => {
  it('shows the skeleton until the first answer, and while a retry runs', () => {
    expect(view({ loading: true })).toBe('loading');
    expect(view({ loading: true, error: failure('INTERNAL_SERVER_ERROR') })).toBe('loading');
    expect(view({})).toBe('loading');
  });

  it('shows data it has, even while it refreshes or after a failed refresh', () => {
    expect(view({ data: ['a'] })).toBe('content');
    expect(view({ data: ['a'], loading: true })).toBe('content');
    expect(view({ data: ['a'], error: failure('INTERNAL_SERVER_ERROR') })).toBe('content');
  });

  it('tells an empty answer apart', () => {
    expect(view({ data: [] })).toBe('empty');
    expect(view({ data: [], isEmpty: () => false })).toBe('content');
  });

  it('shows an error without data', () => {
    expect(view({ error: new TypeError('Failed to fetch') })).toBe('error');
    expect(view({ error: failure('NOT_FOUND') })).toBe('error');
  });

  it('shows not found for NOT_FOUND and ids that are no ids, where the screen has such a state', () => {
    expect(view({ error: failure('NOT_FOUND'), handlesNotFound: true })).toBe('notFound');
    expect(view({ error: failure('BAD_USER_INPUT'), handlesNotFound: true })).toBe('notFound');
    expect(view({ error: failure('FORBIDDEN'), handlesNotFound: true })).toBe('error');
  });

  it('says the service is unavailable, and keeps saying so while its own retry runs', () => {
    expect(view({ error: failure('SERVICE_UNAVAILABLE') })).toBe('unavailable');
    expect(view({ error: failure('SERVICE_UNAVAILABLE'), handlesNotFound: true })).toBe('unavailable');
    expect(view({ loading: true, retryingUnavailable: true })).toBe('unavailable');
    // Any other retry, and the first load, show the skeleton; data on screen still wins.
    expect(view({ loading: true, retryingUnavailable: false })).toBe('loading');
    expect(view({ data: ['a'], error: failure('SERVICE_UNAVAILABLE') })).toBe('content');
  });
});
