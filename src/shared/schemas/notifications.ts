import { z } from 'zod';
import { dbIdSchema } from './common.ts';

export const NOTIFICATION_TYPES = ['new_lead', 'new_import', 'other'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  relatedId: z.number().int().nullable(),
  relatedType: z.string().nullable(),
  isRead: z.boolean(),
  createdAt: z.coerce.date(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.array(notificationSchema);
export const notificationCountSchema = z.object({ count: z.number().int() });

/** An admin's announcement to the team (type 'other'); to everyone unless userIds is given. */
export const announcementSchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(255, 'Title must be at most 255 characters'),
  message: z.string().trim().min(1, 'Message is required').max(2000, 'Message must be at most 2000 characters'),
  userIds: z.array(dbIdSchema()).min(1).optional(),
});
export type AnnouncementInput = z.infer<typeof announcementSchema>;

/** The bell badge shows '9+' above 9. */
export function badgeText(count: number): string {
  return count > 9 ? '9+' : String(count);
}
