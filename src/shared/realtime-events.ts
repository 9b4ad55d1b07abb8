/**
 * Live events sent over WebSocket /api/ws as { type, data }. They name what changed; clients
 * refetch (invalidate queries), they never patch state from the payload.
 */
export const REALTIME_EVENT_TYPES = [
  'lead_created',
  'lead_updated',
  'lead_deleted',
  'import_created',
  'import_updated',
  'notification_created',
  'notifications_read',
  'user_updated',
  /** A company mailbox connected, disconnected, synced or failed (Settings refreshes its card). */
  'mailbox_status',
] as const;

export type RealtimeEventType = (typeof REALTIME_EVENT_TYPES)[number];

export interface RealtimeMessage {
  type: RealtimeEventType | (string & {});
  data: Record<string, unknown>;
}

/** Lead list and dashboard figures refresh this long after the last lead event. */
export const LIVE_REFRESH_DEBOUNCE_MS = 2000;
