import { Badge, Box, Button, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { PersonAvatar } from '../ui/PersonAvatar';
import type { ApolloCache } from '@apollo/client';
import { useRef, useState, type ReactNode } from 'react';
import { LuBan, LuShieldCheck, LuTrash2, LuUserCheck, LuUsers } from 'react-icons/lu';
import { errorMessage } from '../app/errors';
import { useAuth } from '../auth/AuthProvider';
import { useDeleteUserMutation, useMarkUserAsFraudMutation, useSetUserRoleMutation, useUsersQuery, type AssignableRole, type Role, type ViewerFieldsFragment } from './users.generated';
import { PageHeader } from '../properties/page-parts';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { evictPropertyLists } from '../properties/properties.cache';
import { evictReviewLists } from '../reviews/reviews.cache';
import { DataTable, DataTableSkeleton, NoRowActions, type TableFrame } from '../ui/DataTable';
import { usePagedQuery } from '../ui/paging';
import { EmptyNotice, QueryState } from '../ui/QueryState';
import { toaster } from '../ui/toaster';
import { useConfirmAction } from '../ui/useConfirmAction';
import { evictProfileFigures, forgetUser } from './users.cache';
import { plural } from '../ui/plural';
import { EmailAddress } from '../ui/EmailAddress';
import { formatLocalDate } from '@opennest/common/local-time';

const PAGE_SIZE = 25;

type UserRow = ViewerFieldsFragment;
type Action = 'admin' | 'agent' | 'fraud' | 'delete';

const ROLE_COLOUR: Record<Role, string> = { admin: 'purple', agent: 'blue', user: 'gray', fraud: 'red' };

function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge colorPalette={ROLE_COLOUR[role]} textTransform="capitalize" data-testid="role-badge">
      {role}
    </Badge>
  );
}

const TABLE: TableFrame = {
  label: 'Users',
  minW: '4xl',
  scrollHint: true,
  columns: [
    { label: 'User' },
    { label: 'E-mail' },
    { label: 'Role' },
    { label: 'Joined' },
    { label: 'Actions', textAlign: 'end' },
  ],
};

const ACTION_LOOK: Record<Action, { colorPalette: string; variant: 'subtle' | 'outline'; icon: ReactNode }> = {
  admin: { colorPalette: 'purple', variant: 'subtle', icon: <LuShieldCheck aria-hidden /> },
  agent: { colorPalette: 'blue', variant: 'subtle', icon: <LuUserCheck aria-hidden /> },
  fraud: { colorPalette: 'orange', variant: 'outline', icon: <LuBan aria-hidden /> },
  delete: { colorPalette: 'red', variant: 'outline', icon: <LuTrash2 aria-hidden /> },
};

/**
 * Fraud marking and deletion change what buyers see (listings hidden or gone,
 * offers rejected, reviews removed): those lists and the figures load afresh.
 */
function forgetDependentLists(cache: ApolloCache) {
  evictPropertyLists(cache);
  evictReviewLists(cache);
  evictProfileFigures(cache);
}

/** What the signed-in admin may do to `user` (the server enforces the same rules). */
function actionsFor(user: UserRow, viewerId: string | undefined): Action[] {
  if (user.id === viewerId || user.role === 'fraud') return [];
  if (user.role === 'admin') return ['agent', 'delete'];
  if (user.role === 'agent') return ['admin', 'fraud', 'delete'];
  return ['admin', 'agent', 'delete'];
}

interface Pending {
  action: Action;
  user: UserRow;
}

/** The buttons' text; their accessible names add whose account it is ('Make Admin: Nadia Buyer'). */
const ACTION_LABEL: Record<Action, string> = { admin: 'Make Admin', agent: 'Make Agent', fraud: 'Mark as Fraud', delete: 'Delete' };

/**
 * Admin: every account, newest first, with role changes, fraud marking and
 * deletion (spec sections 2 and 4). Each asks first (none of them can be simply
 * undone: a user never becomes a user again), then says how it went.
 */
export default function ManageUsersPage() {
  const { viewer } = useAuth();
  const users = useUsersQuery({ variables: { first: PAGE_SIZE }, fetchPolicy: 'cache-and-network' });
  const [setUserRole] = useSetUserRoleMutation();
  const [markUserAsFraud] = useMarkUserAsFraudMutation();
  const [deleteUser] = useDeleteUserMutation();
  const [busy, setBusy] = useState<Record<string, Action>>({});
  // After a confirmed action the button that opened the dialog is gone: focus goes to the heading.
  const headingRef = useRef<HTMLHeadingElement>(null);

  const { nodes: rows, paging } = usePagedQuery(users, (data) => data.users, 'users');

  /** Runs one action on one account; true when it succeeded. A refusal is a toast with the server's reason. */
  const run = async (user: UserRow, action: Action): Promise<boolean> => {
    setBusy((current) => ({ ...current, [user.id]: action }));
    try {
      if (action === 'admin' || action === 'agent') {
        // The answer carries id and role, so the row updates from the cache.
        await setUserRole({
          variables: { id: user.id, role: action satisfies AssignableRole },
          update: evictProfileFigures,
        });
        toaster.create({ type: 'success', title: action === 'admin' ? `${user.name} is now an admin` : `${user.name} is now an agent` });
      } else if (action === 'fraud') {
        await markUserAsFraud({ variables: { id: user.id }, update: forgetDependentLists });
        toaster.create({
          type: 'success',
          title: `${user.name} was marked as fraud`,
          description: 'Their listings are hidden from buyers and their pending offers were rejected.',
        });
      } else {
        await deleteUser({
          variables: { id: user.id },
          update(cache) {
            forgetUser(cache, user.id);
            forgetDependentLists(cache);
            cache.gc();
          },
        });
        toaster.create({ type: 'success', title: `${user.name} was deleted`, description: 'Their account and sign-in account were removed.' });
      }
      return true;
    } catch (actionError) {
      toaster.create({ type: 'error', title: failureTitle(user, action), description: errorMessage(actionError, 'Something went wrong. Please try again.') });
      // The row may be stale (another admin changed or deleted the account): show it as it is now.
      void users.refetch().catch(() => undefined);
      return false;
    } finally {
      setBusy(({ [user.id]: _done, ...rest }) => rest);
    }
  };

  const confirmation = useConfirmAction(({ user, action }: Pending) => run(user, action), headingRef);
  const ask = (user: UserRow, action: Action) => confirmation.ask({ user, action });

  const table = (accounts: UserRow[]) => (
    <DataTable {...TABLE} paging={paging}>
      {accounts.map((user) => {
        const self = user.id === viewer?.id;
        const actions = actionsFor(user, viewer?.id);
        const rowBusy = busy[user.id];
        const actionButton = (action: Action) => {
          const common = {
            size: 'xs' as const,
            loading: rowBusy === action,
            disabled: Boolean(rowBusy),
          };
          const { icon, ...look } = ACTION_LOOK[action];
          return (
            <Button key={action} {...common} {...look} aria-label={`${ACTION_LABEL[action]}: ${user.name}`} onClick={() => ask(user, action)}>
              {icon} {ACTION_LABEL[action]}
            </Button>
          );
        };
        return (
          <Table.Row key={user.id} data-testid="user-row" data-role={user.role}>
            <Table.Cell maxW={{ md: '64' }}>
              <HStack gap="3">
                <PersonAvatar person={user} size="sm" flexShrink={0} loading="lazy" />
                <Box minW="0">
                  <Text fontWeight="medium" lineClamp={2} overflowWrap="anywhere">
                    {user.name}
                  </Text>
                  {self && (
                    <Badge size="sm" colorPalette="teal" variant="outline">
                      You
                    </Badge>
                  )}
                </Box>
              </HStack>
            </Table.Cell>
            <Table.Cell maxW={{ md: '64' }}>
              <Link href={`mailto:${user.email}`} color="fg.muted" overflowWrap="anywhere">
                <EmailAddress email={user.email} />
              </Link>
            </Table.Cell>
            <Table.Cell>
              <RoleBadge role={user.role} />
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">
              <time dateTime={user.createdAt}>{formatLocalDate(new Date(user.createdAt))}</time>
            </Table.Cell>
            <Table.Cell textAlign="end">
              {actions.length > 0 ? (
                <HStack gap="2" justify="end" wrap="nowrap">
                  {actions.map(actionButton)}
                </HStack>
              ) : (
                <NoRowActions>{self ? 'Your account' : 'No actions'}</NoRowActions>
              )}
            </Table.Cell>
          </Table.Row>
        );
      })}
    </DataTable>
  );

  const pending = confirmation.item;
  return (
    <>
      <PageHeader
        title="Manage Users"
        headingRef={headingRef}
        subtitle={rows ? `Showing ${plural(rows.length, 'user')}, newest first.` : 'Assign roles, mark fraudulent agents and delete accounts.'}
      />
      <QueryState
        query={users}
        data={rows}
        skeleton={<DataTableSkeleton {...TABLE} rows={6} />}
        errorTitle="Could not load users"
        empty={<EmptyNotice icon={<LuUsers />} title="No users yet" />}
      >
        {table}
      </QueryState>
      <ConfirmDialog {...confirmation.dialog} testId="confirm-user-action" {...(pending ? confirmationOf(pending) : CLOSED_DIALOG)}>
        {pending && <ConfirmationText pending={pending} />}
      </ConfirmDialog>
    </>
  );
}

const CLOSED_DIALOG = { title: '', confirmLabel: '', busyLabel: '' };

function confirmationOf({ user, action }: Pending) {
  switch (action) {
    case 'admin':
      return { title: `Make ${user.name} an admin?`, confirmLabel: 'Make Admin', busyLabel: 'Saving...', tone: 'positive' as const };
    case 'agent':
      return { title: `Make ${user.name} an agent?`, confirmLabel: 'Make Agent', busyLabel: 'Saving...', tone: 'positive' as const };
    case 'fraud':
      return { title: `Mark ${user.name} as fraud?`, confirmLabel: 'Mark as Fraud', busyLabel: 'Marking...' };
    case 'delete':
      return { title: `Delete ${user.name}?`, confirmLabel: 'Delete', busyLabel: 'Deleting...' };
  }
}

/** What the action does to the account, said before it is done. */
function ConfirmationText({ pending: { user, action } }: { pending: Pending }) {
  const who = (
    <>
      <Text as="strong">{user.name}</Text> ({user.email})
    </>
  );
  switch (action) {
    case 'admin':
      return (
        <Stack gap="3">
          <Text>{who} will be able to verify and advertise listings, manage reviews and change other accounts, including yours.</Text>
          <Text>An admin can only be made an agent again later, never a plain user.</Text>
        </Stack>
      );
    case 'agent':
      return (
        <Stack gap="3">
          <Text>
            {who} will {user.role === 'admin' ? 'lose admin rights and ' : ''}be able to list properties and handle offers on them.
          </Text>
          <Text>An agent can never become a plain user again.</Text>
        </Stack>
      );
    case 'fraud':
      return (
        <Stack gap="3">
          <Text>{who} will be marked as a fraudulent agent.</Text>
          <Text>
            Their listings are hidden from buyers (kept for disputes, not deleted) and every pending offer on them is rejected. They can no longer add or edit
            listings, and the account cannot be given another role afterwards.
          </Text>
        </Stack>
      );
    case 'delete':
      return (
        <Stack gap="3">
          <Text>The account of {who} and its sign-in account will be deleted for good.</Text>
          <Text>Their wishlist, reviews, open offers and listings are removed with it. This cannot be undone.</Text>
        </Stack>
      );
  }
}

function failureTitle(user: UserRow, action: Action): string {
  switch (action) {
    case 'admin':
      return `Could not make ${user.name} an admin`;
    case 'agent':
      return `Could not make ${user.name} an agent`;
    case 'fraud':
      return `Could not mark ${user.name} as fraud`;
    case 'delete':
      return `Could not delete ${user.name}`;
  }
}
