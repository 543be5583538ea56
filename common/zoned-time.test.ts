import { zonePlace } from './zoned-time';

describe('zonePlace', () => {
  it('names a zone by its place, not its id', () => {
    expect(zonePlace('Asia/Dhaka')).toBe('Dhaka');
    expect(zonePlace('America/New_York')).toBe('New York');
    expect(zonePlace('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
    expect(zonePlace('UTC')).toBe('UTC');
  });
});
