// The figures under the profile card: what matters to the caller's role
// (server/users/users.graphql, ProfileFigures). The server picks them from the
// verified token; the role here only decides how they are laid out.
import { Heading, Link, SimpleGrid, Skeleton, Stack, Stat } from '@chakra-ui/react';
import '../ui/recipes/stat';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '../auth/AuthProvider';
import { useMyProfileFiguresQuery, type MyProfileFiguresQuery, type Role } from './users.generated';
import { dollars } from '@opennest/common/money';
import { QueryState } from '../ui/QueryState';
import { formatNumber } from '@opennest/common/numbers';

type Figures = MyProfileFiguresQuery['myProfileFigures'];

interface Figure {
  label: string;
  value: (figures: Figures) => string;
  /** A line under the value, often a link to the page behind the number. */
  help?: ReactNode;
  testId: string;
}

interface FigureGroup {
  title: string;
  figures: Figure[];
  columns: { base: number; md: number };
}

const count = (value: number | null | undefined) => (value == null ? '—' : formatNumber(value));

function PageLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link asChild color="teal.700" fontWeight="medium">
      <RouterLink to={`/dash-board/${to}`}>{children}</RouterLink>
    </Link>
  );
}

const offerFigures = (prefix: string): Figure[] => [
  { label: 'Pending', value: (f) => count(f.offers?.pending), testId: `${prefix}-offers-pending` },
  { label: 'Accepted', value: (f) => count(f.offers?.accepted), testId: `${prefix}-offers-accepted` },
  { label: 'Rejected', value: (f) => count(f.offers?.rejected), testId: `${prefix}-offers-rejected` },
  { label: 'Bought', value: (f) => count(f.offers?.bought), testId: `${prefix}-offers-bought` },
];

const GROUPS_BY_ROLE: Record<Exclude<Role, 'fraud'>, FigureGroup[]> = {
  user: [
    {
      title: 'Your activity',
      columns: { base: 2, md: 2 },
      figures: [
        { label: 'Wishlist items', value: (f) => count(f.wishlistItems), help: <PageLink to="wishlist">Open wishlist</PageLink>, testId: 'figure-wishlist' },
        { label: 'Reviews written', value: (f) => count(f.reviews), help: <PageLink to="my-reviews">Open my reviews</PageLink>, testId: 'figure-reviews' },
      ],
    },
    { title: 'Your offers by status', columns: { base: 2, md: 4 }, figures: offerFigures('figure') },
  ],
  agent: [
    {
      title: 'Your listings by status',
      columns: { base: 2, md: 3 },
      figures: [
        { label: 'Pending', value: (f) => count(f.listings?.pending), help: 'Waiting for verification', testId: 'figure-listings-pending' },
        { label: 'Verified', value: (f) => count(f.listings?.verified), testId: 'figure-listings-verified' },
        { label: 'Rejected', value: (f) => count(f.listings?.rejected), testId: 'figure-listings-rejected' },
      ],
    },
    { title: 'Offers on your properties by status', columns: { base: 2, md: 4 }, figures: offerFigures('figure') },
    {
      title: 'Sales',
      columns: { base: 1, md: 2 },
      figures: [
        {
          label: 'Total sold amount',
          // Exact: the server sums NUMERIC amounts and sends decimal text; it is only formatted here.
          value: (f) => (f.soldTotal == null ? '—' : dollars(f.soldTotal)),
          help: <PageLink to="my-sold-properties">Open my sold properties</PageLink>,
          testId: 'figure-sold-total',
        },
      ],
    },
  ],
  admin: [
    {
      title: 'Needs attention',
      columns: { base: 1, md: 2 },
      figures: [
        {
          label: 'Pending verifications',
          value: (f) => count(f.pendingVerifications),
          help: <PageLink to="manage-properties">Review them in Manage Properties</PageLink>,
          testId: 'figure-pending-verifications',
        },
      ],
    },
    {
      title: 'Accounts and reviews',
      columns: { base: 2, md: 4 },
      figures: [
        { label: 'Users', value: (f) => count(f.users), help: 'All accounts', testId: 'figure-users' },
        { label: 'Agents', value: (f) => count(f.agents), testId: 'figure-agents' },
        { label: 'Fraud accounts', value: (f) => count(f.fraudAccounts), testId: 'figure-fraud' },
        { label: 'Reviews', value: (f) => count(f.reviews), help: <PageLink to="manage-reviews">Manage reviews</PageLink>, testId: 'figure-reviews' },
      ],
    },
  ],
};

/** The caller's figures as Stat cards in a responsive grid; skeletons while they load. */
export function ProfileFigures() {
  const { viewer } = useAuth();
  const role = viewer?.role;
  const figures = useMyProfileFiguresQuery({ fetchPolicy: 'cache-and-network', skip: !role || role === 'fraud' });
  if (!role || role === 'fraud') return null;

  return (
    <QueryState query={figures} data={figures.data?.myProfileFigures} skeleton={<FigureGroups role={role} />} errorTitle="Could not load your figures">
      {(loaded) => <FigureGroups role={role} figures={loaded} />}
    </QueryState>
  );
}

/** The role's groups of figures; without `figures`, a skeleton in place of each value. */
function FigureGroups({ role, figures }: { role: Exclude<Role, 'fraud'>; figures?: Figures }) {
  return (
    <Stack gap="6" maxW="4xl" aria-busy={!figures} data-testid="profile-figures">
      {GROUPS_BY_ROLE[role].map((group) => (
        <Stack as="section" key={group.title} gap="3" aria-label={group.title}>
          <Heading as="h2" size="md">
            {group.title}
          </Heading>
          <SimpleGrid columns={group.columns} gap={{ base: '3', md: '4' }}>
            {group.figures.map((figure) => (
              <Stat.Root key={figure.label} borderWidth="1px" rounded="lg" p={{ base: '3', md: '4' }} bg="bg" data-testid={figure.testId}>
                <Stat.Label>{figure.label}</Stat.Label>
                {figures ? (
                  <Stat.ValueText fontVariantNumeric="tabular-nums" overflowWrap="anywhere">
                    {figure.value(figures)}
                  </Stat.ValueText>
                ) : (
                  <Skeleton as="dd" height="8" width="16" />
                )}
                {/* A second dd of the same term: a dl holds only dt/dd groups. */}
                {figure.help && <Stat.HelpText as="dd">{figure.help}</Stat.HelpText>}
              </Stat.Root>
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}
