// A start-up step is tried again while the database is unavailable, and only then.
import { retriedWhileUnavailable } from './unavailable';

const unreachable = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const timedOut = () => new Error('Connection terminated due to connection timeout', { cause: new Error('Connection terminated unexpectedly') });

describe('retriedWhileUnavailable', () => {
  it('tries again while the database cannot be reached, then answers what the step answers', async () => {
    const failures = [unreachable(), timedOut()];
    let calls = 0;
    const answer = await retriedWhileUnavailable(async () => {
      calls += 1;
      const failure = failures.shift();
      if (failure) throw failure;
      return 'schema ready';
    }, { delayMs: 1 });
    expect({ answer, calls }).toEqual({ answer: 'schema ready', calls: 3 });
  });

  it('gives up after its attempts with the last error', async () => {
    let calls = 0;
    await expect(retriedWhileUnavailable(async () => {
      calls += 1;
      throw timedOut();
    }, { attempts: 3, delayMs: 1 })).rejects.toThrow('connection timeout');
    expect(calls).toBe(3);
  });

  it('throws any other error at once', async () => {
    let calls = 0;
    await expect(retriedWhileUnavailable(async () => {
      calls += 1;
      throw Object.assign(new Error('permission denied for schema rate_limits'), { code: '42501' });
    }, { delayMs: 1 })).rejects.toThrow('permission denied');
    expect(calls).toBe(1);
  });
});
