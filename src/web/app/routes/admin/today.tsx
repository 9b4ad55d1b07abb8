import { PageHeader } from '#web/components/layouts/page-header.tsx';
import { EmailRemindersSwitch } from '#web/features/tasks/components/email-reminders-switch.tsx';
import { TodayList } from '#web/features/tasks/components/today-list.tsx';

/** /admin/today: where a salesperson's day starts (ADR 066). */
export function TodayScreen() {
  return (
    <>
      <PageHeader title="Today" subtitle="Your tasks due today and overdue" actions={<EmailRemindersSwitch />} />
      <TodayList />
    </>
  );
}
