import { PageHeader } from '#web/components/layouts/page-header.tsx';
import { MoneyOwedView } from '#web/features/money/components/money-owed-view.tsx';

/** /admin/money: money owed to us and by us (ADR 067). */
export function MoneyScreen() {
  return (
    <>
      <PageHeader title="Money Owed" subtitle="What customers owe us and what we owe suppliers, right now" />
      <MoneyOwedView />
    </>
  );
}
