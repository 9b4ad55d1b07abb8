import { Pencil, Trash2 } from 'lucide-react';
import { CANNOT_DELETE_SELF, displayName, type User } from '#shared/schemas/users.ts';
import { Avatar, AvatarFallback, AvatarImage } from '#web/components/ui/avatar.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#web/components/ui/table.tsx';
import { initials } from '#web/lib/format.ts';

interface UsersListProps {
  users: User[];
  currentUserId: number;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

function UserIdentity({ user, you }: { user: User; you: boolean }) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar className="size-9">
        {user.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt="" />}
        <AvatarFallback>{initials(user.firstName, user.lastName, user.username)}</AvatarFallback>
      </Avatar>
      <div className="grid min-w-0 leading-tight">
        <span className="truncate font-medium">
          {name || user.username}
          {you && <span className="ml-1.5 text-xs font-normal text-muted-foreground">(you)</span>}
        </span>
        <span className="truncate text-sm text-muted-foreground">@{user.username}</span>
      </div>
    </div>
  );
}

const RoleBadge = ({ role }: { role: User['role'] }) => (
  <Badge variant={role === 'admin' ? 'default' : 'secondary'} className="capitalize">
    {role}
  </Badge>
);

function Actions({
  user,
  you,
  onEdit,
  onDelete,
}: { user: User; you: boolean } & Omit<UsersListProps, 'users' | 'currentUserId'>) {
  const label = displayName(user);
  return (
    <div className="flex justify-end gap-1">
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Edit ${label}`}
        title={`Edit ${label}`}
        onClick={() => onEdit(user)}
      >
        <Pencil aria-hidden />
      </Button>
      {/* One's own account cannot be deleted: the button stays, disabled, and says why. */}
      <Button
        variant="ghost"
        size="icon"
        className="text-destructive hover:text-destructive"
        aria-label={you ? CANNOT_DELETE_SELF : `Delete ${label}`}
        title={you ? CANNOT_DELETE_SELF : `Delete ${label}`}
        disabled={you}
        onClick={() => onDelete(user)}
      >
        <Trash2 aria-hidden />
      </Button>
    </div>
  );
}

/** The staff list: a table on wide screens, one card per person on a phone. */
export function UsersList({ users, currentUserId, onEdit, onDelete }: UsersListProps) {
  return (
    <>
      <Table className="hidden md:table" aria-label="Users">
        <TableHeader>
          <TableRow>
            <TableHead>User</TableHead>
            <TableHead>Email</TableHead>
            <TableHead>Role</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {users.map((user) => {
            const you = user.id === currentUserId;
            return (
              <TableRow key={user.id} data-testid={`user-row-${user.username}`}>
                <TableCell>
                  <UserIdentity user={user} you={you} />
                </TableCell>
                <TableCell className="text-muted-foreground">{user.email ?? '—'}</TableCell>
                <TableCell>
                  <RoleBadge role={user.role} />
                </TableCell>
                <TableCell>
                  <Actions user={user} you={you} onEdit={onEdit} onDelete={onDelete} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <ul className="grid gap-2 md:hidden" aria-label="Users">
        {users.map((user) => {
          const you = user.id === currentUserId;
          return (
            <li
              key={user.id}
              className="flex items-center gap-2 rounded-lg border p-3"
              data-testid={`user-card-${user.username}`}
            >
              <div className="grid min-w-0 flex-1 gap-1.5">
                <UserIdentity user={user} you={you} />
                <div className="grid min-w-0 justify-items-start gap-1.5 pl-12">
                  {user.email && <span className="text-sm break-all text-muted-foreground">{user.email}</span>}
                  <RoleBadge role={user.role} />
                </div>
              </div>
              <Actions user={user} you={you} onEdit={onEdit} onDelete={onDelete} />
            </li>
          );
        })}
      </ul>
    </>
  );
}
