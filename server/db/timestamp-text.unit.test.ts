import pg from 'pg';
import { readTimestamptz } from './timestamp-text';

const driverReader = pg.types.getTypeParser(1184, 'text') as (text: string) => Date | number;
const asNumber = (value: Date | number) => Number(value);

describe('readTimestamptz', () => {
  it('reads the instant the driver reads, in every shape PostgreSQL writes', () => {
    const texts = [
      '2026-11-30 10:00:00+00',
      '2026-11-30 10:00:00.5+00',
      '2026-11-30 10:00:00.123456+00',
      '2026-11-30 10:00:00.12+05:30',
      '2026-03-29 01:30:00-03',
      '1999-12-31 23:59:59.999-09:30',
      '0100-01-01 00:00:00+00',
      '0099-06-01 12:00:00+00',
      '0044-03-15 12:00:00+00 BC',
      '1500-01-01 00:00:00+00 BC',
      '1850-01-01 00:00:00-00:01:15',
      '12026-01-01 00:00:00+00',
      'infinity',
      '-infinity',
    ];
    for (let day = 0; day < 3000; day += 7) texts.push(new Date(Date.UTC(2024, 0, 1) + day * 86_400_000 + day * 61_001).toISOString().replace('T', ' ').replace('Z', '+00'));
    expect(texts.map((text) => [text, asNumber(readTimestamptz(text))])).toEqual(texts.map((text) => [text, asNumber(driverReader(text))]));
  });

  it('gives a Date for an instant and what the driver gives for infinity', () => {
    expect(readTimestamptz('2026-11-30 10:00:00+00')).toEqual(new Date('2026-11-30T10:00:00.000Z'));
    expect(readTimestamptz('infinity')).toBe(driverReader('infinity'));
  });
});
