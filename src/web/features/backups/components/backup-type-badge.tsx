import { BACKUP_TYPE_LABELS, type BackupType } from '#shared/schemas/backups.ts';
import { Badge, type BadgeProps } from '#web/components/ui/badge.tsx';

const VARIANT: Record<BackupType, BadgeProps['variant']> = {
  manual: 'default',
  automated: 'secondary',
  migration: 'warning',
  restore_point: 'outline',
};

export function BackupTypeBadge({ type }: { type: BackupType }) {
  return <Badge variant={VARIANT[type]}>{BACKUP_TYPE_LABELS[type]}</Badge>;
}
