// The e-mails' two parts: the same content in text and HTML, the product's name
// and colour, links, the unsubscribe link, and people's text escaped in HTML.
import { BRAND, renderEmail } from './email-layout';

const body = {
  subject: 'A new offer',
  greeting: 'Hello Ann <Agent>,',
  intro: 'Something happened.',
  entries: [{ text: 'Bo offered $1.00 on "Villa" & <b>Co</b>.', url: 'https://opennest.example/dash-board/requested-properties?a=1&b=2', action: 'See the offer' }],
};

const email = renderEmail({
  ...body,
  unsubscribeWhat: 'e-mails about new offers',
  unsubscribeUrl: 'https://opennest.example/unsubscribe?token=abc',
  settingsUrl: 'https://opennest.example/dash-board/email-settings',
});

it('says the same thing in the text part, with every link', () => {
  expect(email.subject).toBe('OpenNest: A new offer');
  expect(email.text).toContain('Hello Ann <Agent>,');
  expect(email.text).toContain('- Bo offered $1.00 on "Villa" & <b>Co</b>.');
  expect(email.text).toContain('See the offer: https://opennest.example/dash-board/requested-properties?a=1&b=2');
  expect(email.text).toContain('Stop e-mails about new offers (one click, no sign-in): https://opennest.example/unsubscribe?token=abc');
});

it('escapes people’s text in the HTML part and carries the brand', () => {
  expect(email.html).toContain('Hello Ann &lt;Agent&gt;,');
  expect(email.html).toContain('Bo offered $1.00 on &quot;Villa&quot; &amp; &lt;b&gt;Co&lt;/b&gt;.');
  expect(email.html).not.toContain('<b>Co</b>');
  expect(email.html).toContain('href="https://opennest.example/dash-board/requested-properties?a=1&amp;b=2"');
  expect(email.html).toContain(`background:${BRAND.colour}`);
  expect(email.html).toContain('>OpenNest<');
  expect(email.html).toContain('href="https://opennest.example/unsubscribe?token=abc"');
});

it('ends an e-mail someone asked for with why it came, and no unsubscribe link', () => {
  const requested = renderEmail({ ...body, reason: 'Someone subscribed <this> address.' });
  expect(requested.text).toContain('Someone subscribed <this> address.');
  expect(requested.text).not.toContain('Stop ');
  expect(requested.html).toContain('Someone subscribed &lt;this&gt; address.');
  expect(requested.html).not.toContain('All e-mail settings');
});

it('lists a receipt’s facts as label and value in both parts, escaped in HTML', () => {
  const receipt = renderEmail({ ...body, facts: [{ label: 'Amount paid', value: '$470,000.00 USD' }, { label: 'Property', value: 'Villa <One> & Co' }], reason: 'You paid.' });
  expect(receipt.text).toContain('Something happened.\n\nAmount paid: $470,000.00 USD\nProperty: Villa <One> & Co\n');
  expect(receipt.html).toContain('>Amount paid</td>');
  expect(receipt.html).toContain('$470,000.00 USD</td>');
  expect(receipt.html).toContain('Villa &lt;One&gt; &amp; Co');
  expect(email.html).not.toContain('Amount paid');
});
