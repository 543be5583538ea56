// The navbar's bell: the unread count, kept live by the notificationEvents
// subscription, linking to the notifications page. Each new notification also
// shows as a toast that opens what it is about, and makes the queries showing
// that thing load afresh, so an open page (Property Bought, a listing...)
// follows at once. A fraud account gets no bell at all.
import { Circle, Float, Link } from '@chakra-ui/react';
import { LuBell } from 'react-icons/lu';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useAuth } from '../auth/AuthProvider';
import { useMarkNotificationReadMutation, useNotificationEventsSubscription, useUnreadNotificationCountQuery } from './notifications.generated';
import { toaster } from '../ui/toaster';
import { evictNotificationList, evictWhatNotificationChanged, setUnreadNotificationCount } from './notifications.cache';

export const NOTIFICATIONS_PATH = '/dash-board/notifications';

export function NotificationBell() {
  const { viewer } = useAuth();
  if (!viewer || viewer.role === 'fraud') return null;
  return <LiveBell />;
}

function LiveBell() {
  const count = useUnreadNotificationCountQuery({ fetchPolicy: 'cache-and-network' });
  const navigate = useNavigate();
  const [markRead] = useMarkNotificationReadMutation();
  // Opened from its toast: it is read (the server's own event then updates the count).
  const open = (notification: { id: string; link: string }) => {
    void markRead({ variables: { id: notification.id } }).catch(() => undefined);
    void navigate(notification.link);
  };
  useNotificationEventsSubscription({
    onData: ({ client, data }) => {
      const event = data.data?.notificationEvents;
      if (!event) return;
      setUnreadNotificationCount(client.cache, event.unreadCount);
      // New, or read elsewhere (another tab, or by acting on what it is about): the list loads afresh.
      evictNotificationList(client.cache);
      const { notification } = event;
      if (notification) {
        evictWhatNotificationChanged(client.cache, notification.type);
        toaster.create({ type: 'info', title: 'New notification', description: notification.text, action: { label: 'Open', onClick: () => open(notification) } });
      }
    },
  });
  const unread = count.data?.unreadNotificationCount ?? 0;
  return (
    <Link
      asChild
      position="relative"
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      boxSize="9"
      flexShrink={0}
      rounded="md"
      color="fg"
      _hover={{ bg: 'teal.50' }}
      aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
    >
      <RouterLink to={NOTIFICATIONS_PATH} data-testid="notification-bell">
        <LuBell aria-hidden size={20} />
        {unread > 0 && (
          <Float placement="top-end" offset="2">
            <Circle size="5" bg="red.600" color="white" fontSize="2xs" fontWeight="bold" aria-hidden data-testid="notification-count">
              {unread > 99 ? '99+' : unread}
            </Circle>
          </Float>
        )}
      </RouterLink>
    </Link>
  );
}
