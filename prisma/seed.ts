// Demo data: one account per role and a handful of listings in every status.
// Runs at every `npm start` while identity is emulated (SEED_DEMO overrides):
// accounts are re-created if the emulator lost them; listings are added once.
import sharp from 'sharp';
import type { IdentityProvider } from '../server/auth/identity-provider';
import type { Db } from '../server/db/client';
import type { Role } from '../server/generated/prisma/client';
import type { Logger } from '../server/infra/logger';
import type { ImageStorage } from '../server/uploads/image-storage';

export interface DemoLogin {
  role: Role;
  email: string;
  password: string;
}

const DEMO_ACCOUNTS: Array<DemoLogin & { uid: string; name: string }> = [
  { role: 'admin', uid: 'demo-admin', name: 'Ayesha Admin', email: 'admin@opennest.test', password: 'Admin#2026' },
  { role: 'agent', uid: 'demo-agent', name: 'Rafi Agent', email: 'agent@opennest.test', password: 'Agent#2026' },
  { role: 'user', uid: 'demo-user', name: 'Nadia Buyer', email: 'user@opennest.test', password: 'User#2026' },
  { role: 'fraud', uid: 'demo-fraud', name: 'Farhan Fraud', email: 'fraud@opennest.test', password: 'Fraud#2026' },
];

const DEMO_PROPERTIES = [
  { title: 'Lakeside Family Villa', location: 'Gulshan, Dhaka', priceMin: '450000.00', priceMax: '520000.00', status: 'verified', isAdvertised: true, colour: '#2f855a' },
  { title: 'Sunny Downtown Loft', location: 'Banani, Dhaka', priceMin: '180000.00', priceMax: '210000.00', status: 'verified', isAdvertised: true, colour: '#dd6b20' },
  { title: 'Hillside Cottage', location: 'Sreemangal, Sylhet', priceMin: '95000.00', priceMax: '120000.00', status: 'verified', isAdvertised: true, colour: '#3182ce' },
  { title: 'Harbour View Apartment', location: 'Agrabad, Chattogram', priceMin: '230000.00', priceMax: '260000.00', status: 'verified', isAdvertised: false, colour: '#805ad5' },
  { title: 'Garden Townhouse', location: 'Dhanmondi, Dhaka', priceMin: '310000.00', priceMax: '340000.00', status: 'verified', isAdvertised: false, colour: '#38a169' },
  { title: 'Riverside Studio', location: 'Khulna City, Khulna', priceMin: '60000.00', priceMax: '75000.00', status: 'pending', isAdvertised: false, colour: '#d69e2e' },
  { title: 'Modern Duplex', location: 'Uttara, Dhaka', priceMin: '380000.00', priceMax: '420000.00', status: 'pending', isAdvertised: false, colour: '#e53e3e' },
  { title: 'Old Mill Conversion', location: 'Rajshahi City, Rajshahi', priceMin: '140000.00', priceMax: '150000.00', status: 'rejected', isAdvertised: false, colour: '#718096' },
] as const;

export async function seedDemoData({ db, identity, storage, log }: { db: Db; identity: IdentityProvider; storage: ImageStorage; log: Logger }): Promise<DemoLogin[]> {
  const users = new Map<Role, string>();
  for (const account of DEMO_ACCOUNTS) {
    const existing = (await identity.getAccount(account.uid)) ?? (await identity.getAccountByEmail(account.email));
    const uid = existing
      ? existing.uid
      : (await identity.createAccount({ uid: account.uid, email: account.email, password: account.password, displayName: account.name })).uid;
    const record = await db.user.upsert({
      where: { email: account.email },
      create: { firebaseUid: uid, email: account.email, name: account.name, role: account.role },
      update: { firebaseUid: uid },
    });
    users.set(account.role, record.id);
  }

  const agentId = users.get('agent')!;
  if ((await db.property.count({ where: { agentId } })) === 0) {
    for (const [index, property] of DEMO_PROPERTIES.entries()) {
      const { colour, ...data } = property;
      const image = await storage.save(await demoImage(property.title, colour));
      await db.property.create({
        data: {
          ...data,
          agentId,
          image: image.url,
          description: `${property.title} in ${property.location}. Demo listing ${index + 1} of ${DEMO_PROPERTIES.length}.`,
        },
      });
    }
    log.info({ count: DEMO_PROPERTIES.length }, 'demo listings created');
  }
  return DEMO_ACCOUNTS.map(({ role, email, password }) => ({ role, email, password }));
}

/** A simple drawn house, so demo listings have real images with no network. */
async function demoImage(title: string, colour: string) {
  const escaped = title.replace(/[<>&"]/g, '');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
    <rect width="1200" height="900" fill="${colour}"/>
    <rect y="620" width="1200" height="280" fill="#00000030"/>
    <polygon points="600,180 330,400 870,400" fill="#ffffffdd"/>
    <rect x="380" y="400" width="440" height="300" fill="#ffffffee"/>
    <rect x="560" y="540" width="80" height="160" fill="${colour}"/>
    <rect x="430" y="450" width="90" height="80" fill="${colour}99"/>
    <rect x="680" y="450" width="90" height="80" fill="${colour}99"/>
    <text x="600" y="800" font-family="sans-serif" font-size="56" fill="#fff" text-anchor="middle">${escaped}</text>
  </svg>`;
  const full = await sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
  const thumbnail = await sharp(full).resize({ width: 640, height: 480, fit: 'cover' }).webp({ quality: 75 }).toBuffer();
  return { full, thumbnail, extension: 'webp' };
}
