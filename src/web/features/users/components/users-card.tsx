import { useState } from 'react';
import { Search } from 'lucide-react';
import { DELETE_USER_CONFIRM, displayName, type User } from '#shared/schemas/users.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { QueryStates } from '#web/components/query-states.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useDebouncedValue } from '#web/hooks/use-debounced-value.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { useUsers } from '../api/list-users.ts';
import { UserFormDialog } from './user-form-dialog.tsx';
import { UsersList } from './users-list.tsx';

/** Search, the staff list, and the Edit User and delete dialogs it opens. */
export function UsersCard({ currentUserId }: { currentUserId: number }) {
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput, 250);
  const query = useUsers(search);
  // By id: after a refetch (a stale version, a live event) the dialog edits the latest row and version.
  const [editingId, setEditingId] = useState<number | null>(null);
  const editing = query.data?.find((u) => u.id === editingId) ?? null;
  const [deleting, setDeleting] = useState<User | null>(null);
  // Who takes over the leads the deleted user owned (ADR 065): 'none' leaves them unassigned.
  const [leadsTo, setLeadsTo] = useState('none');
  const everyone = useUsers('');
  const heirs = (everyone.data ?? []).filter((u) => u.id !== deleting?.id);
  const remove = useDeleteUser();
  const askDelete = (u: User) => {
    setLeadsTo('none');
    setDeleting(u);
  };

  return (
    <Card>
      <CardHeader className="flex flex-wrap items-center justify-between gap-3">
        <CardTitle>Team</CardTitle>
        <div className="relative w-full sm:w-72">
          <Search className="absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            aria-label="Search users"
            placeholder="Search users..."
            className="pl-8"
            value={searchInput}
            onChange={(e) => setSearchInput(e.target.value)}
          />
        </div>
      </CardHeader>
      <CardContent>
        <QueryStates
          query={query}
          errorTitle="The users could not be loaded."
          errorLayout="inline"
          pending={
            <div className="grid gap-2">
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} className="h-12 w-full" />
              ))}
            </div>
          }
          isEmpty={(users) => users.length === 0}
          empty={
            <p className="py-6 text-center text-muted-foreground">
              {search.trim() ? `No users match '${search.trim()}'.` : 'No users yet.'}
            </p>
          }
        >
          {(users) => (
            <UsersList
              users={users}
              currentUserId={currentUserId}
              onEdit={(u) => setEditingId(u.id)}
              onDelete={askDelete}
            />
          )}
        </QueryStates>
      </CardContent>
      <UserFormDialog
        user={editing ?? undefined}
        currentUserId={currentUserId}
        open={editing !== null}
        onOpenChange={(open) => !open && setEditingId(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete User"
        description={
          <>
            {DELETE_USER_CONFIRM}{' '}
            {deleting && (
              <>
                <strong className="text-foreground">{displayName(deleting)}</strong> (@{deleting.username}) will no
                longer be able to sign in. The leads, notes and proposals they made are kept.
              </>
            )}
          </>
        }
        confirmLabel="Delete"
        destructive
        onConfirm={() => remove.mutateAsync({ id: deleting!.id, leadsTo: leadsTo === 'none' ? null : Number(leadsTo) })}
        successMessage="User deleted successfully"
        failureMessage="Failed to delete user"
      >
        <div className="grid gap-1.5">
          <Label htmlFor="delete-user-leads-to">Hand their leads to</Label>
          <Select value={leadsTo} onValueChange={setLeadsTo}>
            <SelectTrigger id="delete-user-leads-to" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="none">Nobody: the leads become unassigned</SelectItem>
              {heirs.map((u) => (
                <SelectItem key={u.id} value={String(u.id)}>
                  {displayName(u)} (@{u.username})
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </ConfirmDialog>
    </Card>
  );
}
