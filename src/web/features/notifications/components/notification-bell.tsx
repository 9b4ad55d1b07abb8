import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Bell, CheckCheck } from 'lucide-react';
import { badgeText, type Notification } from '#shared/schemas/notifications.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '#web/components/ui/popover.tsx';
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
  // Named by its own text, 'Notifications (9+ unread)': the badge's text is part of the name (WCAG 2.5.3).
  const name = count ? `Notifications (${badgeText(count)} unread)` : 'Notifications';

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
        <Button variant="ghost" size="icon" className="relative" title={name}>
          <Bell aria-hidden />
          {/* One name, read in one piece ('Notifications (9+ unread)'); the badge shows the same count. */}
          <span className="sr-only">{name}</span>
          {count > 0 && (
            <span
              aria-hidden
              data-testid="notification-badge"
              className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-700 px-1 text-[10px] font-semibold leading-none text-white"
            >
              {badgeText(count)}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      {/* Never wider or taller than the window: the list scrolls inside (collisionPadding keeps a margin). */}
      <PopoverContent
        align="end"
        collisionPadding={8}
        className="flex max-h-[var(--radix-popover-content-available-height)] w-[min(24rem,calc(100vw-1rem))] flex-col p-0"
        data-testid="notification-panel"
      >
        <div className="flex shrink-0 items-center justify-between border-b px-4 py-3">
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
          <div className="min-h-0 max-h-96 overflow-y-auto overscroll-contain" data-testid="notification-list">
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
          </div>
        )}
      </PopoverContent>
    </Popover>
  );
}
