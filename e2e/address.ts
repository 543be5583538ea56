// Fills the listing form's structured address (issue 19) from a location line
// as the older journeys wrote it ("street, area, city"): the last part is the
// city (Dhaka when there is one part), the one before it the area, the rest the
// street (House 1 when none); postcode 1212, Bangladesh. Returns the line the
// listing shows ("street, area, city 1212").
import type { Page } from 'playwright-core';

export async function fillAddress(page: Page, location: string): Promise<string> {
  const parts = location.split(',').map((part) => part.trim()).filter(Boolean);
  const city = parts.length > 1 ? parts.pop()! : 'Dhaka';
  const area = parts.pop() ?? '';
  const street = parts.join(', ') || 'House 1';
  await page.getByLabel('Street address').fill(street);
  await page.getByLabel('Area or neighbourhood (optional)').fill(area);
  await page.getByLabel('City', { exact: true }).fill(city);
  await page.getByLabel('Postcode').fill('1212');
  await page.getByLabel('Country').selectOption('BD');
  // Suggestions may be open over the next field: Escape closes them.
  await page.keyboard.press('Escape');
  return [street, area, `${city} 1212`].filter(Boolean).join(', ');
}
