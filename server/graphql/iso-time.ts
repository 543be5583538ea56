// A Date as ISO-8601 text ("2026-11-30T10:00:00.000Z", what toISOString writes),
// by arithmetic on its milliseconds. V8's toISOString takes about a microsecond
// (it goes through the engine's date cache); a long list answers thousands of
// times (the agent's week: 1,000), where it was a twentieth of the app's time.
// Outside years 1 to 9999 toISOString writes signed six-digit years: it answers there.

const MS_PER_DAY = 86_400_000;
const FIRST_OF_YEAR_1 = -62_135_596_800_000;
const FIRST_OF_YEAR_10000 = 253_402_300_800_000;

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const three = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);
const four = (n: number) => (n < 1000 ? `${n}`.padStart(4, '0') : `${n}`);

/** The same text as `new Date(time).toISOString()` for a valid time. */
export function isoTime(time: number): string {
  if (time < FIRST_OF_YEAR_1 || time >= FIRST_OF_YEAR_10000) return new Date(time).toISOString();
  const day = Math.floor(time / MS_PER_DAY);
  let rest = time - day * MS_PER_DAY;
  // The civil date of a day count from 1970-01-01 (Howard Hinnant's civil_from_days: eras of 400 years, years from March).
  const shifted = day + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const dayOfMonth = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  return `${four(year)}-${two(month)}-${two(dayOfMonth)}T${two(hours)}:${two(minutes)}:${two(seconds)}.${three(rest - seconds * 1000)}Z`;
}
