// The foundation's journeys in Chromium: registration with a photo, sign-in
// errors, redirects for signed-out users and non-admins, the 404 page, and the
// fraud dashboard.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { uniqueEmail } from '../server/test/identity';
import { browserSessionForFile, expectAccessible, PHONE, signInThroughForm } from './browser';
import { photoForFile } from './photos';

const session = browserSessionForFile();

/** A signed-out visit of `route`: sent to /login, signed in there, then at `landing` with its heading. */
async function signInAfterVisiting(route: string, account: { email: string; password: string }, landing: string, heading: string): Promise<Page> {
  const page = await session().newPage();
  await page.goto(route);
  await page.waitForURL('**/login');
  await signInThroughForm(page, account.email, account.password);
  await page.waitForURL(`**${landing}`);
  await page.getByRole('heading', { name: heading }).waitFor();
  return page;
}

const photoPath = photoForFile('photo', '#2b6cb0', { width: 200, height: 200 });

const alertText = (page: Page) => page.getByRole('alertdialog');

describe('registration', () => {
  it('shows the validation messages of an empty form', async () => {
    const page = await session().newPage();
    await page.goto('/register');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    for (const message of ['Name is required', 'Profile photo is required', 'Email is required', 'Password is required']) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    await page.getByLabel('Password', { exact: true }).fill('secret');
    await page.getByLabel('Email').fill('no-at-sign');
    await page.getByLabel('Full name').click();
    await page.getByText('Must include a capital letter and a special character').waitFor();
    await page.getByText('Invalid email address').waitFor();
    await expectAccessible(page, 'register: validation messages');
    // Choosing a photo answers its message: the file's name and the hint take its place.
    await page.getByLabel('Profile photo').setInputFiles(photoPath);
    await page.getByTestId('profile-photo-name').getByText(path.basename(photoPath), { exact: true }).waitFor();
    await page.getByText('JPEG, PNG, WebP or GIF.').waitFor();
    await page.getByRole('button', { name: 'Choose another photo' }).waitFor();
    await expectAccessible(page, 'register: a photo chosen');
  });

  it('registers with a photo and lands on home with the name shown', async () => {
    const page = await session().newPage();
    const email = uniqueEmail('newcomer');

    await page.goto('/register');
    await page.getByLabel('Full name').fill('Nadia Newcomer');
    await page.getByLabel('Profile photo').setInputFiles(photoPath);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Welcome#1');
    await page.getByRole('button', { name: 'Register', exact: true }).click();

    await alertText(page).getByText('Registration successful').waitFor();
    await expectAccessible(page, 'register: success alert');
    await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
    await page.getByTestId('navbar-user-name').getByText('Nadia Newcomer').waitFor();
    await page.getByTestId('advertised-grid').or(page.getByTestId('advertised-empty')).waitFor();
    await expectAccessible(page, 'home: signed in');

    // The record was created by the server as role user, with the uploaded, re-encoded photo.
    const user = await session().app.db.user.findUniqueOrThrow({ where: { email } });
    expect(user).toMatchObject({ name: 'Nadia Newcomer', role: 'user' });
    expect(user.image).toMatch(/^\/uploads\/.+\.webp$/);
    const photo = await page.request.get(user.image!);
    expect(photo.headers()['content-type']).toBe('image/webp');
    const avatar = page.locator('header img');
    await expect(avatar.getAttribute('src')).resolves.toBe(user.image);
  });

  it('says why a registration failed', async () => {
    const existing = await session().app.createUser('user');
    const page = await session().newPage();
    await page.goto('/register');
    await page.getByLabel('Full name').fill('Copy Cat');
    await page.getByLabel('Profile photo').setInputFiles(photoPath);
    await page.getByLabel('Email').fill(existing.email);
    await page.getByLabel('Password', { exact: true }).fill('Welcome#1');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await alertText(page).getByText('Registration Failed').waitFor();
    await alertText(page).getByText('This email is already registered. Please log in instead.').waitFor();
    await expectAccessible(page, 'register: failure alert');
  });
});

describe('login', () => {
  it('shows the validation messages of an empty form', async () => {
    const page = await session().newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Password is required').waitFor();
    await expectAccessible(page, 'login: validation messages');
  });

  it.each([
    ['an unknown e-mail', 'nobody-here@example.test', 'Whatever#1', 'Email not found. Please check and try again.'],
    ['a wrong password', 'KNOWN', 'Wrong#pass1', 'Incorrect password. Please try again.'],
    ['any other failure (malformed e-mail)', 'not-an-email', 'Whatever#1', 'Login failed. Please try again.'],
  ])('explains %s under "Oops..."', async (_case, email, password, message) => {
    const known = email === 'KNOWN' ? await session().app.createUser('user') : null;
    const page = await session().newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(known?.email ?? email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await alertText(page).getByText('Oops...').waitFor();
    await alertText(page).getByText(message).waitFor();
    await expectAccessible(page, `login: "Oops..." for ${_case}`);
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('sends a signed-out visitor of /dash-board to /login and back after signing in', async () => {
    const agent = await session().app.createUser('agent', { name: 'Ada Agent' });
    const page = await signInAfterVisiting('/dash-board', agent, '/dash-board/agent-profile', 'Agent Profile');
    await page.getByRole('navigation', { name: 'Dashboard' }).getByText('Add Property').waitFor();
    await expect(page.title()).resolves.toBe('Agent Profile · OpenNest');
    await expectAccessible(page, 'agent profile');
    // The session survives a reload.
    await page.reload();
    await page.getByTestId('navbar-user-name').getByText('Ada Agent').waitFor();
  });

  it('signs out with the Logout button', async () => {
    const buyer = await session().app.createUser('user', { name: 'Bo Buyer' });
    const page = await session().signedInPage(buyer.email, buyer.password);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('link', { name: 'Login' }).waitFor();
    await expectAccessible(page, 'home: signed out after logout');
    await page.goto('/dash-board/user-profile');
    await page.waitForURL('**/login');
  });
});

describe('guards and error pages', () => {
  it('sends a user at an admin route to /forbidden', async () => {
    const buyer = await session().app.createUser('user');
    const page = await signInAfterVisiting('/dash-board/manage-users', buyer, '/forbidden', 'Forbidden');
    await page.getByText('403').waitFor();
    await expectAccessible(page, 'forbidden');
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('lets an admin in and shows the admin menu', async () => {
    const admin = await session().app.createUser('admin', { name: 'Alma Admin' });
    const page = await session().newPage();
    await page.goto('/login', { waitUntil: 'load' });
    await signInThroughForm(page, admin.email, admin.password);
    await page.goto('/dash-board');
    await page.waitForURL('**/dash-board/admin-profile');
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    for (const item of ['Manage Properties', 'Manage Users', 'Manage Reviews', 'Advertise Property']) await menu.getByText(item).waitFor();
    await expectAccessible(page, 'admin profile');
  });

  it('shows only the warning to a fraud account', async () => {
    const fraud = await session().app.createUser('fraud');
    const page = await session().signedInPage(fraud.email, fraud.password, { at: '/dash-board/add-property' });
    await page.getByTestId('fraud-warning').getByText('Your agent account has been marked as fraudulent. You cannot access agent features.').waitFor();
    await expect(page.getByRole('navigation', { name: 'Dashboard' }).count()).resolves.toBe(0);
    await expectAccessible(page, 'dashboard: fraud warning');
  });

  it('shows the 404 page for an unknown path', async () => {
    const page = await session().newPage();
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await expect(page.title()).resolves.toBe('Page Not Found · OpenNest');
    await expectAccessible(page, 'not found');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });
});

describe('shared layout', () => {
  it('has the three links, the footer year and hides the name on small screens', async () => {
    const buyer = await session().app.createUser('user', { name: 'Sami Small' });
    const page = await session().signedInPage(buyer.email, buyer.password, { width: 390, height: 800 });
    await expect(page.getByTestId('navbar-user-name').isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const mobileNav = page.getByRole('navigation', { name: 'Main (mobile)' });
    for (const label of ['Home', 'All Properties', 'Dashboard']) await mobileNav.getByRole('link', { name: label }).waitFor();
    await expectAccessible(page, 'mobile menu open (390 px)');
    await page.keyboard.press('Escape');
    await page.getByTestId('copyright').getByText(`© ${new Date().getFullYear()} OpenNest`).waitFor();
    await page.getByText('since 1992').waitFor();
  });

  it('lets keyboard users skip to the page content', async () => {
    const page = await session().newPage();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Login', level: 1 }).waitFor();
    await page.keyboard.press('Tab');
    await expect(page.evaluate(`document.activeElement?.textContent`)).resolves.toBe('Skip to main content');
    await page.keyboard.press('Enter');
    await expect(page.evaluate(`document.activeElement?.id`)).resolves.toBe('main');
    await expect(page.title()).resolves.toBe('Login · OpenNest');
  });

  it('serves the offline GraphQL explorer at /sandbox', async () => {
    const page = await session().newPage();
    await page.goto('/sandbox');
    await page.getByTestId('graphiql').locator('.graphiql-container').waitFor();
    await expectAccessible(page, 'sandbox');
  });
});

describe("the home page's hero (spec: three slides, an endless loop, a move every 1000 ms)", () => {
  /** The label of the slide on screen ("Slide 2 of 3"). */
  const slideShown = (page: Page) => page.locator('[data-testid="hero-slide"][data-current]').getAttribute('aria-label');
  const waitForSlide = (page: Page, label: string) => page.locator(`[data-testid="hero-slide"][data-current][aria-label="${label}"]`).waitFor();

  it('moves on by itself through all three slides and back to the first', async () => {
    const page = await session().newPage(PHONE);
    await page.goto('/');
    await waitForSlide(page, 'Slide 1 of 3');
    for (const label of ['Slide 2 of 3', 'Slide 3 of 3', 'Slide 1 of 3']) await waitForSlide(page, label);
    // Only the slide on screen can be reached: the others are hidden from assistive tech and out of the tab order.
    await expect(page.locator('[data-testid="hero-slide"][aria-hidden="true"][inert]').count()).resolves.toBe(2);
    await expectAccessible(page, 'home: the hero rotating');
    // Scrolled down to the listings, the hero waits; back on screen, it moves on.
    const hero = page.getByRole('region', { name: 'Highlights' });
    await page.getByRole('heading', { name: 'Frequently Asked Questions' }).scrollIntoViewIfNeeded();
    await page.locator('[data-testid="hero"] [role="region"]:not([data-rotating])').waitFor({ state: 'attached' });
    await hero.scrollIntoViewIfNeeded();
    await page.locator('[data-testid="hero"] [role="region"][data-rotating]').waitFor({ state: 'attached' });
    const shown = await slideShown(page);
    const next = `Slide ${(Number(shown!.split(' ')[1]) % 3) + 1} of 3`;
    await waitForSlide(page, next);
  });

  it('stops when paused, and moves by its buttons, its dots and the arrow keys', async () => {
    const page = await session().newPage();
    await page.goto('/');
    // The first move says the app has taken over the page the server sent (whose buttons do nothing yet).
    await waitForSlide(page, 'Slide 2 of 3');
    await page.getByRole('button', { name: 'Pause slideshow' }).click();
    await page.getByRole('button', { name: 'Play slideshow' }).waitFor();
    await expect(page.getByRole('region', { name: 'Highlights' }).getAttribute('data-rotating')).resolves.toBeNull();
    await page.getByRole('button', { name: 'Go to slide 3' }).click();
    await waitForSlide(page, 'Slide 3 of 3');
    await page.getByRole('button', { name: 'Next slide' }).click();
    await waitForSlide(page, 'Slide 1 of 3');
    await page.getByRole('button', { name: 'Previous slide' }).click();
    await waitForSlide(page, 'Slide 3 of 3');
    await page.getByRole('button', { name: 'Go to slide 3' }).focus();
    await page.keyboard.press('ArrowRight');
    await waitForSlide(page, 'Slide 1 of 3');
    await expect(page.getByRole('button', { name: 'Go to slide 1' }).getAttribute('aria-current')).resolves.toBe('true');
    await page.getByRole('button', { name: 'Play slideshow' }).click();
    // It moves on once the pointer has left it (a pointer over it pauses it) and the keyboard focus too.
    await page.mouse.move(0, 0);
    await page.getByRole('link', { name: 'All Properties' }).first().focus();
    await waitForSlide(page, 'Slide 2 of 3');
  });

  it('stays still for a visitor who prefers reduced motion, who can still start it', async () => {
    const page = await session().newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await page.getByRole('button', { name: 'Play slideshow' }).waitFor();
    expect(await slideShown(page)).toBe('Slide 1 of 3');
    await page.getByRole('button', { name: 'Play slideshow' }).click();
    await page.mouse.move(0, 0);
    await waitForSlide(page, 'Slide 2 of 3');
  });
});
