// "Open house Sat 10:00" on a card, in the listing's time zone (Intl only: the
// card is on the first screens, so no date library comes along).

/** "Sat 10:00" of instant `at` in `timeZone`. */
export const weekdayAndTime = (at: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(at));

export const openHouseLabel = (openHouse: { startsAt: string; timeZone: string }) => `Open house ${weekdayAndTime(openHouse.startsAt, openHouse.timeZone)}`;
