import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Bell, CheckCheck } from 'lucide-react';
import { badgeText, type Notification } from '#shared/schemas/notifications.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '#web/components/ui/popover.tsx';
import { ScrollArea } from '#web/components/ui/scroll-area.tsx';
import { cn } from '#web/lib/cn.ts';
import { relativeTime } from '#web/lib/format.ts';
import { useMarkAllRead, useMarkRead, useNotificationCount, useNotifications } from '../api/notifications.ts';

function linkFor(n: Notification): string | null {
  if (n.relatedId == null) return null;
  if (n.relatedType === 'lead' || n.type === 'new_lead') return `/admin/leads/${n.relatedId}`;
  if (n.relatedType === 'import' || n.type === 'new_import') return `/admin/imports/${n.relatedId}`;
  return null;
}

export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const count = useNotificationCount(true).data ?? 0;
  const list = useNotifications(open);
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const items = list.data ?? [];
  const anyUnread = items.some((n) => !n.isRead);

  const openItem = (n: Notification) => {
    if (!n.isRead) markRead.mutate(n.id);
    const to = linkFor(n);
    if (to) {
      setOpen(false);
      void navigate(to);
    }
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={count ? `Notifications (${count} unread)` : 'Notifications'}
          title={count ? `Notifications (${count} unread)` : 'Notifications'}
        >
          <Bell />
          {count > 0 && (
            <span
              data-testid="notification-badge"
              className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] font-semibold leading-none text-white"
            >
              {badgeText(count)}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-80 p-0 sm:w-96">
        <div className="flex items-center justify-between border-b px-4 py-3">
          <h2 className="text-sm font-semibold">Notifications</h2>
          {anyUnread && (
            <Button
              variant="ghost"
              size="sm"
              className="h-7 px-2 text-xs"
              onClick={() => markAllRead.mutate()}
              disabled={markAllRead.isPending}
            >
              <CheckCheck className="size-3.5" aria-hidden /> Mark all read
            </Button>
          )}
        </div>
        {list.isLoading ? (
          <p className="px-4 py-8 text-center text-sm text-muted-foreground">Loading...</p>
        ) : items.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-muted-foreground">No notifications yet</p>
        ) : (
          <ScrollArea className="max-h-96">
            <ul className="divide-y">
              {items.map((n) => (
                <li key={n.id}>
                  <button
                    type="button"
                    onClick={() => openItem(n)}
                    className={cn('flex w-full gap-3 px-4 py-3 text-left hover:bg-accent', !n.isRead && 'bg-primary/5')}
                  >
                    <span
                      className={cn('mt-1.5 size-2 shrink-0 rounded-full', n.isRead ? 'bg-transparent' : 'bg-primary')}
                      aria-hidden
                    />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-medium">{n.title}</span>
                      <span className="line-clamp-2 block text-sm text-muted-foreground">{n.message}</span>
                      <span className="mt-1 block text-xs text-muted-foreground">{relativeTime(n.createdAt)}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </ScrollArea>
        )}
      </PopoverContent>
    </Popover>
  );
}
