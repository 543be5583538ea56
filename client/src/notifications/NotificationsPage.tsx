import { Badge, Button, HStack, Text } from '@chakra-ui/react';
import { LuBellOff, LuCheckCheck } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../app/errors';
import { useMarkAllNotificationsReadMutation, useMarkNotificationReadMutation, useNotificationsQuery, type NotificationFieldsFragment } from './notifications.generated';
import { PageHeader } from '../properties/page-parts';
import { NoLongerListedBadge } from '../properties/NoLongerListed';
import { usePagedQuery } from '../ui/paging';
import { plural } from '../ui/plural';
import { EmptyNotice, QueryState } from '../ui/QueryState';
import { toaster } from '../ui/toaster';
import { setUnreadNotificationCount } from './notifications.cache';
import { CardList, ListCard, LoadingBlock } from '../ui/CardList';
import { formatLocalDateTime } from '@opennest/common/local-time';

const PAGE_SIZE = 20;

const when = (iso: string) => formatLocalDateTime(new Date(iso));

/** Every notification of the caller, newest first: each links to what it is about; one or all can be marked read. */
export default function NotificationsPage() {
  const notifications = useNotificationsQuery({ variables: { first: PAGE_SIZE }, fetchPolicy: 'cache-and-network' });
  const { nodes, paging } = usePagedQuery(notifications, (data) => data.notifications, 'notifications');
  const [markRead] = useMarkNotificationReadMutation();
  const [markAll, markingAll] = useMarkAllNotificationsReadMutation({
    update(cache) {
      setUnreadNotificationCount(cache, 0);
    },
  });
  const unread = nodes?.filter((n) => !n.readAt).length ?? 0;

  const read = async (notification: NotificationFieldsFragment) => {
    if (notification.readAt) return;
    try {
      await markRead({ variables: { id: notification.id } });
    } catch (error) {
      toaster.create({ type: 'error', title: 'Could not mark it read', description: errorMessage(error, 'Something went wrong. Please try again.') });
    }
  };

  const readAll = async () => {
    try {
      const { data } = await markAll();
      toaster.create({ type: 'success', title: 'All caught up', description: `${plural(data?.markAllNotificationsRead ?? 0, 'notification')} marked read.` });
      await notifications.refetch();
    } catch (error) {
      toaster.create({ type: 'error', title: 'Could not mark them read', description: errorMessage(error, 'Something went wrong. Please try again.') });
    }
  };

  return (
    <>
      <title>Notifications · OpenNest</title>
      <PageHeader
        title="Notifications"
        subtitle="What happened to your offers, listings, messages and saved searches, newest first."
        actions={
          // Nothing to mark in an empty list: the empty notice says so, without a dead button above it.
          nodes?.length ? (
            <Button variant="outline" size="sm" onClick={readAll} loading={markingAll.loading} disabled={!unread} loadingText="Marking">
              <LuCheckCheck aria-hidden /> Mark all as read
            </Button>
          ) : undefined
        }
      />
      <QueryState
        query={notifications}
        data={nodes}
        skeleton={<LoadingBlock label="Loading notifications" height="64" />}
        errorTitle="Could not load your notifications"
        empty={<EmptyNotice icon={<LuBellOff />} title="No notifications yet" description="Offers, messages, decisions on your listings and saved-search matches show up here." testId="notifications-empty" />}
      >
        {(nodes) => (
          <CardList label="Notifications" items={nodes} paging={paging} testId="notification-list">
            {(notification) => (
              <ListCard
                key={notification.id}
                highlighted={!notification.readAt}
                testId="notification"
                data={{ 'data-unread': !notification.readAt }}
                actions={
                  <>
                    {!notification.readAt && (
                      <Button size="xs" variant="ghost" onClick={() => read(notification)}>
                        Mark as read
                      </Button>
                    )}
                    {notification.listing?.noLongerListed ? (
                      <NoLongerListedBadge />
                    ) : (
                      <Button asChild size="xs" colorPalette="teal">
                        <RouterLink to={notification.link} onClick={() => void read(notification)} aria-label={`Open: ${notification.text}`}>
                          Open
                        </RouterLink>
                      </Button>
                    )}
                  </>
                }
              >
                <HStack gap="2">
                  {!notification.readAt && (
                    <Badge colorPalette="teal" size="sm">
                      New
                    </Badge>
                  )}
                  <Text fontSize="sm" color="fg.muted">
                    {when(notification.createdAt)}
                  </Text>
                </HStack>
                <Text overflowWrap="anywhere">{notification.text}</Text>
              </ListCard>
            )}
          </CardList>
        )}
      </QueryState>
    </>
  );
}
