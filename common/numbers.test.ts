import { formatNumber, groupThousands } from './numbers';

describe('formatNumber', () => {
  it.each([0, 7, 999, 1000, 12345, 1234567, 1e12, -1, -4321.5, 85.5, 0.1234, 1234.0005, 99.9996, -0.0001, 3.14159])(
    'writes %p as toLocaleString("en-US") does',
    (value) => {
      expect(formatNumber(value)).toBe(value.toLocaleString('en-US'));
    },
  );

  it('groups digit runs of any length', () => {
    expect(groupThousands('1')).toBe('1');
    expect(groupThousands('1000')).toBe('1,000');
    expect(groupThousands('123456789012345678901')).toBe('123,456,789,012,345,678,901');
  });
});
