import { isoTime } from './iso-time';

describe('isoTime', () => {
  it('writes what toISOString writes, across the years PostgreSQL and JavaScript share', () => {
    const times = [0, -1, 1, 951_782_400_000 /* 2000-02-29 */, 4_107_542_399_999 /* 2100-02-28T23:59:59.999 */, -62_135_596_800_000, 253_402_300_799_999, 253_402_300_800_000, -62_135_596_800_001, 8.64e15, -8.64e15];
    // A fixed pseudo-random walk, so a failure names the same times on every run.
    let seed = 20_261_127;
    for (let i = 0; i < 50_000; i++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      times.push(Math.round(((seed / 2 ** 31) * 2 - 0.3) * 253_402_300_800_000));
    }
    const wrong = times.filter((time) => isoTime(time) !== new Date(time).toISOString());
    expect(wrong).toEqual([]);
  });
});
