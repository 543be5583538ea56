// What the demo shows: the listings (with facts, photos and history), the
// people around them, and what those people did (offers, reviews, messages,
// wishlists, reports, saved searches). Plain data; prisma/seed.ts writes it.
//
// The listings are spread over the All Properties filters so that every choice
// the filter panel offers finds at least one listing that buyers can see
// (server/properties/demo-listings.test.ts checks it): each type, 1+ to 5+
// bedrooms and bathrooms, areas from 48 m² to 8,100 m² in either unit, prices
// from $48,000 to $520,000, one listing under offer and one sold.
import type { AreaUnit, ListingEventKind, OfferStatus, PropertyStatus, PropertyType, ReportReason, ReportStatus, Role, SaleState } from '../../server/generated/prisma/client';
import type { Scene } from './photos';
import type { AmenityValue } from '../../common/amenities';

/** Who signs in (identity accounts made by the seed), by role. */
export const DEMO_ACCOUNTS: Array<{ role: Role; uid: string; name: string; email: string; password: string }> = [
  { role: 'admin', uid: 'demo-admin', name: 'Ayesha Admin', email: 'admin@opennest.test', password: 'Admin#2026' },
  { role: 'agent', uid: 'demo-agent', name: 'Rafi Agent', email: 'agent@opennest.test', password: 'Agent#2026' },
  { role: 'user', uid: 'demo-user', name: 'Nadia Buyer', email: 'user@opennest.test', password: 'User#2026' },
  { role: 'fraud', uid: 'demo-fraud', name: 'Farhan Fraud', email: 'fraud@opennest.test', password: 'Fraud#2026' },
];

/** People who appear in lists (reviews, offers, messages) but have no sign-in. */
export const DEMO_PEOPLE = [
  { key: 'maya', role: 'agent', name: 'Maya Chowdhury', email: 'maya.chowdhury@opennest.test' },
  { key: 'tanvir', role: 'user', name: 'Tanvir Rahman', email: 'tanvir.rahman@opennest.test' },
  { key: 'sadia', role: 'user', name: 'Sadia Karim', email: 'sadia.karim@opennest.test' },
  { key: 'imran', role: 'user', name: 'Imran Hossain', email: 'imran.hossain@opennest.test' },
] as const satisfies ReadonlyArray<{ key: string; role: Role; name: string; email: string }>;

/** Everyone the activities below name: the demo logins by role, the others by key. */
export type Person = 'agent' | 'user' | 'admin' | (typeof DEMO_PEOPLE)[number]['key'];

export interface DemoListing {
  key: string;
  agent: Person;
  title: string;
  /** Its full address line, "street, area, city postcode" (in DEMO_COUNTRY). */
  location: string;
  priceMin: string;
  priceMax: string;
  status: PropertyStatus;
  saleState: SaleState;
  isAdvertised: boolean;
  propertyType: PropertyType;
  bedrooms: number | null;
  bathrooms: number | null;
  floorArea: number;
  areaUnit: AreaUnit;
  yearBuilt: number | null;
  /** Paragraphs; the details page keeps the line breaks. */
  description: string;
  /** Drawn photos, the cover first. */
  photos: Scene[];
  colour: string;
  /** Days before "now" it was listed. */
  listedDaysAgo: number;
  /** Its history after "listed", oldest first (offer_accepted and sold follow from the offers). */
  events: Array<{ kind: Exclude<ListingEventKind, 'listed' | 'relisted' | 'offer_accepted' | 'sold'>; daysAgo: number; priceBefore?: [string, string] }>;
}

/** Every demo listing is in Bangladesh (ISO 3166-1 alpha-2). */
export const DEMO_COUNTRY = 'BD';

const amenities = (items: string[]) => `Amenities: ${items.join(', ')}.`;

/** The listings' amenities as facts (issue 19), from the words of their descriptions' "Amenities:" line. */
export const DEMO_AMENITY_FACTS: Record<string, AmenityValue[]> = {
  lakeside: ['garage', 'garden', 'terrace', 'air_conditioning', 'swimming_pool', 'security'],
  loft: ['parking', 'lift', 'furnished', 'air_conditioning', 'gym'],
  cottage: ['parking', 'garden', 'pets_allowed'],
  harbour: ['parking', 'balcony', 'lift', 'security'],
  townhouse: ['garage', 'garden', 'terrace'],
  studio: ['lift'],
  duplex: ['parking', 'terrace', 'lift', 'security'],
  bungalow: ['parking', 'garden', 'terrace'],
  flat: ['balcony', 'lift', 'furnished', 'security'],
};

export const DEMO_LISTINGS: DemoListing[] = [
  {
    key: 'lakeside',
    agent: 'agent',
    title: 'Lakeside Family Villa',
    location: 'House 14, Road 71, Gulshan, Dhaka 1212',
    priceMin: '450000.00',
    priceMax: '520000.00',
    status: 'verified',
    saleState: 'available',
    isAdvertised: true,
    propertyType: 'house',
    bedrooms: 5,
    bathrooms: 5,
    floorArea: 420,
    areaUnit: 'sq_m',
    yearBuilt: 2016,
    description: [
      'A bright family villa on a quiet lane by Gulshan Lake, a short walk from the park and the international schools.',
      'The ground floor opens from a double-height hall into a living room with lake views, a formal dining room and a family kitchen with a pantry. Upstairs are five bedrooms, each with its own bathroom; the main suite has a dressing room and a balcony over the garden.',
      amenities(['private garden', 'swimming pool', 'two-car garage', 'rooftop terrace', 'air conditioning throughout', 'backup generator', 'staff quarters', '24-hour security']),
    ].join('\n\n'),
    photos: ['exterior', 'living', 'kitchen', 'bedroom', 'bathroom', 'garden'],
    colour: '#2f855a',
    listedDaysAgo: 64,
    events: [
      { kind: 'verified', daysAgo: 62 },
      { kind: 'advertised', daysAgo: 55 },
      { kind: 'price_changed', daysAgo: 21, priceBefore: ['480000.00', '560000.00'] },
    ],
  },
  {
    key: 'loft',
    agent: 'agent',
    title: 'Sunny Downtown Loft',
    location: 'Road 11, Banani, Dhaka 1213',
    priceMin: '180000.00',
    priceMax: '210000.00',
    status: 'verified',
    saleState: 'available',
    isAdvertised: true,
    propertyType: 'apartment',
    bedrooms: 2,
    bathrooms: 2,
    floorArea: 1150,
    areaUnit: 'sq_ft',
    yearBuilt: 2019,
    description: [
      'A corner loft on the ninth floor with windows on two sides, so it has sun from morning to late afternoon.',
      'Open-plan living and kitchen with an island, two bedrooms with built-in wardrobes, and a study nook. Road 11 cafés and the Banani metro stop are five minutes away on foot.',
      amenities(['sold furnished', 'air conditioning', 'lift', 'gym', 'rooftop lounge', 'one parking space', 'intercom', 'fibre internet']),
    ].join('\n\n'),
    photos: ['exterior', 'living', 'kitchen', 'bedroom', 'bathroom'],
    colour: '#dd6b20',
    listedDaysAgo: 48,
    events: [
      { kind: 'verified', daysAgo: 47 },
      { kind: 'advertised', daysAgo: 40 },
    ],
  },
  {
    key: 'cottage',
    agent: 'agent',
    title: 'Hillside Cottage',
    location: 'Tea Estate Road, Sreemangal, Sylhet 3210',
    priceMin: '95000.00',
    priceMax: '120000.00',
    status: 'verified',
    saleState: 'available',
    isAdvertised: true,
    propertyType: 'house',
    bedrooms: 3,
    bathrooms: 2,
    floorArea: 140,
    areaUnit: 'sq_m',
    yearBuilt: 1998,
    description: [
      'A brick cottage on a slope above the tea gardens, with a wide veranda that looks over the valley.',
      'Three bedrooms, a sitting room with a fireplace, a country kitchen and a small orchard of lemon and jackfruit trees. Ten minutes by car from Sreemangal town.',
      amenities(['veranda', 'orchard', 'pets welcome', 'water tank', 'solar panels', 'parking for two cars']),
    ].join('\n\n'),
    photos: ['exterior', 'living', 'bedroom', 'garden'],
    colour: '#3182ce',
    listedDaysAgo: 41,
    events: [
      { kind: 'verified', daysAgo: 40 },
      { kind: 'advertised', daysAgo: 33 },
    ],
  },
  {
    key: 'harbour',
    agent: 'agent',
    title: 'Harbour View Apartment',
    location: 'Sheikh Mujib Road, Agrabad, Chattogram 4100',
    priceMin: '230000.00',
    priceMax: '260000.00',
    status: 'verified',
    saleState: 'under_offer',
    isAdvertised: false,
    propertyType: 'apartment',
    bedrooms: 3,
    bathrooms: 2,
    floorArea: 1600,
    areaUnit: 'sq_ft',
    yearBuilt: 2012,
    description: [
      'A twelfth-floor apartment with a long balcony over the Karnaphuli river and the port.',
      'Three bedrooms, a living and dining room that runs the width of the flat, and a separate kitchen with a utility room. The building has a doorman and covered parking.',
      amenities(['river-view balcony', 'lift', 'covered parking', 'doorman', 'backup generator']),
    ].join('\n\n'),
    photos: ['exterior', 'living', 'kitchen', 'bedroom', 'street'],
    colour: '#805ad5',
    listedDaysAgo: 37,
    events: [{ kind: 'verified', daysAgo: 36 }],
  },
  {
    key: 'townhouse',
    agent: 'agent',
    title: 'Garden Townhouse',
    location: 'Road 9A, Dhanmondi, Dhaka 1209',
    priceMin: '310000.00',
    priceMax: '340000.00',
    status: 'verified',
    saleState: 'available',
    isAdvertised: false,
    propertyType: 'townhouse',
    bedrooms: 4,
    bathrooms: 3,
    floorArea: 2400,
    areaUnit: 'sq_ft',
    yearBuilt: 2008,
    description: [
      'A four-storey townhouse near Dhanmondi Lake with its own walled garden at the back.',
      'Four bedrooms over the upper floors, a kitchen that opens onto the garden, and a roof terrace with space for a vegetable patch. Recently rewired, with new windows throughout.',
      amenities(['walled garden', 'roof terrace', 'garage', 'new windows', 'storage room']),
    ].join('\n\n'),
    photos: ['exterior', 'garden', 'living', 'kitchen', 'bedroom'],
    colour: '#38a169',
    listedDaysAgo: 30,
    events: [
      { kind: 'verified', daysAgo: 29 },
      { kind: 'price_changed', daysAgo: 9, priceBefore: ['325000.00', '355000.00'] },
    ],
  },
  {
    key: 'studio',
    agent: 'agent',
    title: 'Riverside Studio',
    location: 'KDA Avenue, Khulna City, Khulna 9100',
    priceMin: '60000.00',
    priceMax: '75000.00',
    status: 'pending',
    saleState: 'available',
    isAdvertised: false,
    propertyType: 'apartment',
    bedrooms: 1,
    bathrooms: 1,
    floorArea: 38,
    areaUnit: 'sq_m',
    yearBuilt: 2021,
    description: [
      'A compact, newly finished studio on the Rupsha riverfront, ideal as a first home or a let.',
      'One room with a sleeping alcove, a kitchenette and a shower room. Waiting for an admin to verify it.',
      amenities(['river view', 'lift', 'bicycle storage']),
    ].join('\n\n'),
    photos: ['living', 'kitchen', 'bathroom'],
    colour: '#d69e2e',
    listedDaysAgo: 4,
    events: [],
  },
  {
    key: 'duplex',
    agent: 'agent',
    title: 'Modern Duplex',
    location: 'Sector 7, Uttara, Dhaka 1230',
    priceMin: '380000.00',
    priceMax: '420000.00',
    status: 'pending',
    saleState: 'available',
    isAdvertised: false,
    propertyType: 'townhouse',
    bedrooms: 4,
    bathrooms: 4,
    floorArea: 260,
    areaUnit: 'sq_m',
    yearBuilt: 2023,
    description: [
      'A duplex completed last year in Sector 4, with the living floor below and four bedrooms above.',
      'Large windows, a double-height stair hall and a rooftop with a covered seating area. Waiting for an admin to verify it.',
      amenities(['rooftop', 'two parking spaces', 'lift', 'security']),
    ].join('\n\n'),
    photos: ['exterior', 'living', 'bedroom', 'bathroom'],
    colour: '#e53e3e',
    listedDaysAgo: 2,
    events: [],
  },
  {
    key: 'mill',
    agent: 'agent',
    title: 'Old Mill Conversion',
    location: 'Old Mill Lane, Rajshahi City, Rajshahi 6000',
    priceMin: '140000.00',
    priceMax: '150000.00',
    status: 'rejected',
    saleState: 'available',
    isAdvertised: false,
    propertyType: 'commercial',
    bedrooms: null,
    bathrooms: 2,
    floorArea: 610,
    areaUnit: 'sq_m',
    yearBuilt: 1935,
    description: [
      'A former rice mill by the Padma, converted into an open workshop with offices on a mezzanine.',
      'Rejected by an admin: the ownership papers did not match the address.',
    ].join('\n\n'),
    photos: ['street', 'interior', 'shopfront'],
    colour: '#718096',
    listedDaysAgo: 26,
    events: [{ kind: 'rejected', daysAgo: 24 }],
  },
  {
    key: 'plot',
    agent: 'maya',
    title: 'Tea Garden Plot',
    location: 'Srimangal Road, Moulvibazar, Sylhet 3200',
    priceMin: '60000.00',
    priceMax: '85000.00',
    status: 'verified',
    saleState: 'available',
    isAdvertised: false,
    propertyType: 'land',
    bedrooms: null,
    bathrooms: null,
    floorArea: 8100,
    areaUnit: 'sq_m',
    yearBuilt: null,
    description: [
      'Two acres of gently sloping land between two tea estates, with a paved road along the north side.',
      'Electricity at the boundary and a seasonal stream at the bottom of the plot. Suitable for a farmhouse or a small eco-resort (permission needed).',
      amenities(['road access', 'electricity at the boundary', 'stream', 'mature trees']),
    ].join('\n\n'),
    photos: ['field', 'garden', 'street'],
    colour: '#65a30d',
    listedDaysAgo: 22,
    events: [{ kind: 'verified', daysAgo: 21 }],
  },
  {
    key: 'shop',
    agent: 'agent',
    title: 'Station Road Corner Shop',
    location: 'Station Road, Mirpur, Dhaka 1216',
    priceMin: '140000.00',
    priceMax: '165000.00',
    status: 'verified',
    saleState: 'available',
    isAdvertised: true,
    propertyType: 'commercial',
    bedrooms: null,
    bathrooms: 1,
    floorArea: 95,
    areaUnit: 'sq_m',
    yearBuilt: 2005,
    description: [
      'A ground-floor corner shop opposite Mirpur 10 station, with two street frontages and a roller shutter.',
      'Open sales floor, a store room and a washroom at the back. Currently let to a pharmacy until June; the lease can be taken over.',
      amenities(['two frontages', 'roller shutter', 'store room', 'three-phase power']),
    ].join('\n\n'),
    photos: ['shopfront', 'interior', 'street', 'exterior'],
    colour: '#0f766e',
    listedDaysAgo: 18,
    events: [
      { kind: 'verified', daysAgo: 17 },
      { kind: 'advertised', daysAgo: 12 },
    ],
  },
  {
    key: 'bungalow',
    agent: 'agent',
    title: 'Bayside Bungalow',
    location: "Marine Drive, Cox's Bazar, Chattogram 4700",
    priceMin: '275000.00',
    priceMax: '300000.00',
    status: 'verified',
    saleState: 'sold',
    isAdvertised: false,
    propertyType: 'house',
    bedrooms: 3,
    bathrooms: 3,
    floorArea: 1900,
    areaUnit: 'sq_ft',
    yearBuilt: 2010,
    description: [
      'A single-storey bungalow two streets back from the beach, with a shaded garden and an outdoor shower.',
      'Three bedrooms with their own bathrooms, a living room that opens onto the terrace, and a kitchen with a breakfast bar. Sold through OpenNest.',
      amenities(['terrace', 'garden', 'outdoor shower', 'parking', 'walk to the beach']),
    ].join('\n\n'),
    photos: ['exterior', 'garden', 'living', 'bedroom', 'bathroom'],
    colour: '#0891b2',
    listedDaysAgo: 75,
    events: [
      { kind: 'verified', daysAgo: 74 },
      { kind: 'advertised', daysAgo: 70 },
    ],
  },
  {
    key: 'flat',
    agent: 'maya',
    title: 'Compact City Flat',
    location: 'Ring Road, Mohammadpur, Dhaka 1207',
    priceMin: '48000.00',
    priceMax: '55000.00',
    status: 'verified',
    saleState: 'available',
    isAdvertised: false,
    propertyType: 'apartment',
    bedrooms: 1,
    bathrooms: 1,
    floorArea: 520,
    areaUnit: 'sq_ft',
    yearBuilt: 2015,
    description: [
      'A one-bedroom flat on the third floor of a well-kept building, close to Town Hall market and bus routes.',
      'Living room with a balcony, a separate kitchen, a bedroom that fits a double bed and a desk, and a tiled bathroom.',
      amenities(['furnished', 'balcony', 'lift', 'caretaker', 'water filter']),
    ].join('\n\n'),
    photos: ['street', 'living', 'kitchen', 'bedroom'],
    colour: '#c026d3',
    listedDaysAgo: 12,
    events: [{ kind: 'verified', daysAgo: 11 }],
  },
];

export type ListingKey = (typeof DEMO_LISTINGS)[number]['key'];

/** Offers, each with its buyer; a bought one has the sold listing, an accepted one the listing under offer. */
export const DEMO_OFFERS: Array<{ key: string; listing: ListingKey; buyer: Person; amount: string; status: OfferStatus; daysAgo: number; buyingInDays: number; decidedDaysAgo?: number; paidDaysAgo?: number }> = [
  { key: 'nadia-lakeside', listing: 'lakeside', buyer: 'user', amount: '470000.00', status: 'pending', daysAgo: 6, buyingInDays: 45 },
  { key: 'imran-lakeside', listing: 'lakeside', buyer: 'imran', amount: '455000.00', status: 'pending', daysAgo: 2, buyingInDays: 60 },
  { key: 'nadia-harbour', listing: 'harbour', buyer: 'user', amount: '245000.00', status: 'accepted', daysAgo: 14, buyingInDays: 30, decidedDaysAgo: 10 },
  { key: 'tanvir-harbour', listing: 'harbour', buyer: 'tanvir', amount: '235000.00', status: 'rejected', daysAgo: 15, buyingInDays: 40, decidedDaysAgo: 10 },
  { key: 'sadia-townhouse', listing: 'townhouse', buyer: 'sadia', amount: '320000.00', status: 'pending', daysAgo: 3, buyingInDays: 35 },
  { key: 'nadia-bungalow', listing: 'bungalow', buyer: 'user', amount: '290000.00', status: 'bought', daysAgo: 34, buyingInDays: -5, decidedDaysAgo: 31, paidDaysAgo: 29 },
];

export const DEMO_REVIEWS: Array<{ listing: ListingKey; author: Person; daysAgo: number; text: string }> = [
  { listing: 'lakeside', author: 'tanvir', daysAgo: 19, text: 'We viewed it on a Saturday morning: the lake view from the main bedroom is even better than the photos. Rafi answered every question about the generator and the service charge.' },
  { listing: 'lakeside', author: 'sadia', daysAgo: 8, text: 'Beautiful house and a very calm street. The kitchen is smaller than I expected for five bedrooms, but the garden makes up for it.' },
  { listing: 'loft', author: 'imran', daysAgo: 16, text: 'Lots of light, good storage and the building is well run. Street noise is noticeable on weekday mornings.' },
  { listing: 'cottage', author: 'user', daysAgo: 13, text: 'A lovely cottage with a veranda you will never want to leave. The road up is steep in the rain, so plan for a sturdy car.' },
  { listing: 'townhouse', author: 'sadia', daysAgo: 5, text: 'The garden is rare for Dhanmondi and the rewiring was done properly. Stairs everywhere, of course.' },
  { listing: 'shop', author: 'tanvir', daysAgo: 6, text: 'Busy corner with steady foot traffic from the station. The current tenant is happy to stay on.' },
  { listing: 'plot', author: 'imran', daysAgo: 10, text: 'Peaceful land with good road access. Ask for the survey map; the stream moves the boundary a little in the monsoon.' },
  { listing: 'bungalow', author: 'user', daysAgo: 20, text: 'We bought this bungalow through OpenNest: the agent was responsive and paying on the site took a minute.' },
];

/** Conversations: messages in order, each from the buyer or the listing's agent. */
export const DEMO_CONVERSATIONS: Array<{ listing: ListingKey; buyer: Person; messages: Array<{ from: 'buyer' | 'agent'; daysAgo: number; body: string }>; readByBuyer: boolean; readByAgent: boolean }> = [
  {
    listing: 'lakeside',
    buyer: 'user',
    messages: [
      { from: 'buyer', daysAgo: 8, body: 'Hello Rafi, is the villa still available? We would love to see it this weekend.' },
      { from: 'agent', daysAgo: 8, body: 'Hi Nadia, yes it is. Saturday at 11 or Sunday at 4 both work for the owners.' },
      { from: 'buyer', daysAgo: 7, body: 'Saturday at 11 is perfect. Does the generator cover the whole house?' },
      { from: 'agent', daysAgo: 2, body: 'It does, including the air conditioning. See you on Saturday!' },
    ],
    readByBuyer: false,
    readByAgent: true,
  },
  {
    listing: 'townhouse',
    buyer: 'sadia',
    messages: [
      { from: 'buyer', daysAgo: 4, body: 'Could you share the last two years of utility bills for the townhouse?' },
      { from: 'agent', daysAgo: 4, body: 'Of course, I will ask the owner and send them tomorrow.' },
      { from: 'buyer', daysAgo: 3, body: 'Thank you. I have also sent an offer; happy to discuss the buying date.' },
    ],
    readByBuyer: true,
    readByAgent: false,
  },
  // Older questions, answered: with the two above and the viewing requests, the agents' reply times have enough to show (issue 23).
  {
    listing: 'harbour',
    buyer: 'tanvir',
    messages: [
      { from: 'buyer', daysAgo: 16, body: 'Does the apartment come with its own parking space, or is it shared?' },
      { from: 'agent', daysAgo: 15.9, body: 'Its own covered space, number 14, right by the lift.' },
    ],
    readByBuyer: true,
    readByAgent: true,
  },
  {
    listing: 'shop',
    buyer: 'imran',
    messages: [
      { from: 'buyer', daysAgo: 12, body: 'Is the shop sold with the current tenant, and until when does the lease run?' },
      { from: 'agent', daysAgo: 11, body: 'It is sold empty: the tenant leaves at the end of next month.' },
      { from: 'buyer', daysAgo: 10, body: 'Thanks, that works for us.' },
    ],
    readByBuyer: true,
    readByAgent: true,
  },
  {
    listing: 'cottage',
    buyer: 'imran',
    messages: [
      { from: 'buyer', daysAgo: 20, body: 'How far is the cottage from the nearest school?' },
      { from: 'agent', daysAgo: 19.8, body: 'About ten minutes on foot; the bus stops at the gate too.' },
    ],
    readByBuyer: true,
    readByAgent: true,
  },
  {
    listing: 'flat',
    buyer: 'sadia',
    messages: [
      { from: 'buyer', daysAgo: 9, body: 'Is the flat still furnished as in the photos?' },
      { from: 'agent', daysAgo: 8.8, body: 'Yes, everything in the photos stays.' },
    ],
    readByBuyer: true,
    readByAgent: true,
  },
];

export const DEMO_WISHLIST: Array<{ listing: ListingKey; owner: Person; daysAgo: number }> = [
  { listing: 'lakeside', owner: 'user', daysAgo: 9 },
  { listing: 'cottage', owner: 'user', daysAgo: 7 },
  { listing: 'townhouse', owner: 'user', daysAgo: 4 },
  { listing: 'loft', owner: 'user', daysAgo: 1 },
  { listing: 'lakeside', owner: 'sadia', daysAgo: 11 },
  { listing: 'shop', owner: 'tanvir', daysAgo: 6 },
];

export const DEMO_REPORTS: Array<{ listing: ListingKey; reporter: Person; reason: ReportReason; details: string; daysAgo: number; status: ReportStatus; resolution?: { note: string; daysAgo: number } }> = [
  { listing: 'shop', reporter: 'sadia', reason: 'wrong_price', details: 'The same shop is advertised at $120,000 on a local site.', daysAgo: 2, status: 'open' },
  {
    listing: 'plot',
    reporter: 'user',
    reason: 'wrong_photos',
    details: 'The second photo looks like a different plot.',
    daysAgo: 9,
    status: 'dismissed',
    resolution: { note: 'We checked with the agent: both photos are of this plot, taken in different seasons.', daysAgo: 8 },
  },
];

export const DEMO_SAVED_SEARCHES = [
  { owner: 'user', name: 'Family homes in Dhaka', search: 'Dhaka', sort: 'NEWEST', filter: { types: ['house', 'townhouse'], minBedrooms: 3 }, frequency: 'daily', daysAgo: 6 },
  { owner: 'user', name: 'Flats under $200k', search: '', sort: 'PRICE_ASC', filter: { types: ['apartment'], priceMax: '200000.00' }, frequency: 'weekly', daysAgo: 3 },
] as const;

/** The time zone of the listings that take viewings (the demo's homes are in Dhaka). */
export const DEMO_TIME_ZONE = 'Asia/Dhaka';

/**
 * When listings take viewings: weekly windows (ISO weekday, local HH:MM) and a viewing length. Not the
 * villa: its details page is in the visual check, and free slots are counted from the server's real clock.
 */
export const DEMO_VIEWING_AVAILABILITY: Array<{ listing: ListingKey; minutes: number; windows: Array<{ weekday: number; from: string; to: string }> }> = [
  { listing: 'cottage', minutes: 30, windows: [{ weekday: 5, from: '15:00', to: '18:00' }, { weekday: 6, from: '10:00', to: '13:00' }] },
  { listing: 'townhouse', minutes: 45, windows: [{ weekday: 2, from: '17:00', to: '19:00' }, { weekday: 6, from: '11:00', to: '14:00' }] },
  { listing: 'loft', minutes: 30, windows: [{ weekday: 4, from: '18:00', to: '20:00' }] },
];

/**
 * Viewings at a local time: upcoming ones on the next `weekday` (ISO, after the seed's date) inside
 * the listing's windows, one booked and one another buyer asked for (for the agent to answer);
 * held ones `daysAgo`, with the buyer's feedback (the agent's numbers show it).
 */
export const DEMO_VIEWINGS: Array<{ listing: ListingKey; buyer: Person; when: { weekday: number } | { daysAgo: number }; at: string; minutes: number; kind: 'instant' | 'request'; status: 'requested' | 'confirmed'; feedback?: { rating: number; text: string } }> = [
  { listing: 'cottage', buyer: 'user', when: { weekday: 6 }, at: '10:30', minutes: 30, kind: 'instant', status: 'confirmed' },
  { listing: 'lakeside', buyer: 'tanvir', when: { weekday: 5 }, at: '16:00', minutes: 30, kind: 'request', status: 'requested' },
  { listing: 'townhouse', buyer: 'imran', when: { weekday: 6 }, at: '11:45', minutes: 45, kind: 'instant', status: 'confirmed' },
  { listing: 'lakeside', buyer: 'sadia', when: { daysAgo: 10 }, at: '11:00', minutes: 30, kind: 'request', status: 'confirmed', feedback: { rating: 5, text: 'The lake view from the bedrooms is even better in person.' } },
  { listing: 'loft', buyer: 'user', when: { daysAgo: 5 }, at: '18:30', minutes: 30, kind: 'request', status: 'confirmed', feedback: { rating: 3, text: 'Lovely light, but the street is noisier than I hoped.' } },
];

/** Public open houses, `inDays` local days after the seed's date, local times. */
export const DEMO_OPEN_HOUSES: Array<{ listing: ListingKey; inDays: number; from: string; to: string; note?: string }> = [
  { listing: 'lakeside', inDays: 5, from: '10:00', to: '12:00', note: 'Park by the lake gate; the owners will be there.' },
  { listing: 'cottage', inDays: 2, from: '15:00', to: '17:00' },
];
