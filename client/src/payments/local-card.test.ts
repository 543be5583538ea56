import { passesLuhn } from '@opennest/common/cards';
import { cardBrand, confirmWithLocalServer, formatCardNumber, formatCvc, formatExpiry, parseExpiry, TEST_CARDS, validateCard } from './local-card';

describe('the local card form', () => {
  it('formats what is typed', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42x')).toBe('4242 4242 42');
    expect(formatCardNumber('1'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12', '1')).toBe('12/');
    expect(formatExpiry('12/3', '12/')).toBe('12/3');
    expect(formatExpiry('12', '12/')).toBe('1'); // backspace over the slash
    expect(formatExpiry('4')).toBe('04/');
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('12/2030')).toBe('12/30');
    expect(formatCvc('12a34 5')).toBe('1234');
  });

  it('checks the card before sending', () => {
    const now = new Date(2026, 5, 15);
    expect(parseExpiry('06/26')).toEqual({ month: 6, year: 2026 });
    expect(parseExpiry('13/26')).toBeNull();
    expect(validateCard({ number: '4242 4242 4242 4242', expiry: '06/26', cvc: '123' }, now)).toEqual({});
    expect(validateCard({ number: '', expiry: '', cvc: '' }, now)).toEqual({
      number: 'Enter your card number.',
      expiry: 'Enter the expiry date.',
      cvc: 'Enter the security code (CVC).',
    });
    expect(validateCard({ number: '4242', expiry: '05/26', cvc: '12' }, now)).toEqual({
      number: 'Your card number is incomplete.',
      expiry: "Your card's expiration date is in the past.",
      cvc: "Your card's security code is incomplete.",
    });
  });

  it('refuses a number that fails the Luhn check, before anything is sent', () => {
    const now = new Date(2026, 5, 15);
    const digitsOf = (number: string) => number.replace(/\s/g, '');
    for (const { number } of TEST_CARDS) expect(passesLuhn(digitsOf(number))).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('4242424242422442')).toBe(false); // two digits swapped
    expect(passesLuhn('378282246310005')).toBe(true); // American Express test number
    expect(validateCard({ number: '4242 4242 4242 4241', expiry: '06/27', cvc: '123' }, now)).toEqual({ number: 'Your card number is invalid.' });
    // Luhn-valid, but longer than any Visa number.
    expect(validateCard({ number: '4242 4242 4242 4242 42', expiry: '06/27', cvc: '123' }, now)).toEqual({ number: 'Your card number is invalid.' });
    expect(validateCard({ number: '3782 822463 1000', expiry: '06/27', cvc: '1234' }, now)).toEqual({ number: 'Your card number is incomplete.' });
  });

  it('tells the card brand from the first digits, and formats and checks by it', () => {
    expect(cardBrand('4242')?.name).toBe('Visa');
    expect(cardBrand('5555 5555 5555 4444')?.name).toBe('Mastercard');
    expect(cardBrand('2223 0031 2200 3222')?.name).toBe('Mastercard');
    expect(cardBrand('3782 822463 10005')?.name).toBe('American Express');
    expect(cardBrand('6011 1111 1111 1117')?.name).toBe('Discover');
    expect(cardBrand('3566 0020 2036 0505')?.name).toBe('JCB');
    expect(cardBrand('3056 9300 0902 0004')?.name).toBe('Diners Club');
    expect(cardBrand('6200 0000 0000 0005')?.name).toBe('UnionPay');
    expect(cardBrand('9')).toBeNull();
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    // American Express asks for a four-digit security code.
    const now = new Date(2026, 5, 15);
    expect(validateCard({ number: '3782 822463 10005', expiry: '06/27', cvc: '123' }, now)).toEqual({ cvc: "Your card's security code is incomplete." });
    expect(validateCard({ number: '3782 822463 10005', expiry: '06/27', cvc: '1234' }, now)).toEqual({});
  });

  it('confirms with the payment server directly, form-encoded with the publishable key', async () => {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    const answer = (status: number, body: unknown) => async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), init: init! });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    };
    const request = { apiUrl: 'http://127.0.0.1:9/', publishableKey: 'pk_test_x', paymentIntentId: 'pi_1', clientSecret: 'pi_1_secret_2', card: { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' } };

    await expect(confirmWithLocalServer(request, answer(200, { status: 'succeeded' }) as typeof fetch)).resolves.toEqual({ status: 'succeeded' });
    expect(calls[0].url).toBe('http://127.0.0.1:9/v1/payment_intents/pi_1/confirm');
    expect(calls[0].init.headers).toMatchObject({ Authorization: 'Bearer pk_test_x', 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(Object.fromEntries(calls[0].init.body as URLSearchParams)).toEqual({
      client_secret: 'pi_1_secret_2',
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': '4242424242424242',
      'payment_method_data[card][exp_month]': '12',
      'payment_method_data[card][exp_year]': '2030',
      'payment_method_data[card][cvc]': '123',
    });

    await expect(confirmWithLocalServer(request, answer(402, { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } }) as typeof fetch)).resolves.toEqual({
      status: 'card_error',
      message: 'Your card was declined.',
    });
    await expect(confirmWithLocalServer(request, answer(400, { error: { type: 'invalid_request_error', message: 'This PaymentIntent has already succeeded.' } }) as typeof fetch)).resolves.toEqual({
      status: 'failed',
      message: 'This PaymentIntent has already succeeded.',
    });
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(confirmWithLocalServer(request, offline)).resolves.toMatchObject({ status: 'failed' });
  });
});
