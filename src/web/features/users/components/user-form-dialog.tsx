import { useEffect, useRef } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import {
  ROLES,
  userCreateSchema,
  userUpdateSchema,
  type User,
  type UserCreate,
  type UserUpdate,
} from '#shared/schemas/users.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { applyServerErrors } from '#web/lib/form-errors.ts';
import { toastFailure, toastSuccess } from '#web/lib/notify.ts';
import { useCreateUser } from '../api/create-user.ts';
import { useUpdateUser } from '../api/update-user.ts';

/** The dialog's fields as typed: every value a string ('' for none); the schema makes them what the API takes. */
interface FormValues {
  username: string;
  email: string;
  password: string;
  currentPassword: string;
  firstName: string;
  lastName: string;
  role: string;
}

type TextField = Exclude<keyof FormValues, 'role'>;

const ROLE_LABELS: Record<(typeof ROLES)[number], string> = { admin: 'Admin', user: 'User' };

const emptyValues: FormValues = {
  username: '',
  email: '',
  password: '',
  currentPassword: '',
  firstName: '',
  lastName: '',
  role: 'user',
};

const valuesOf = (user: User): FormValues => ({
  username: user.username,
  email: user.email ?? '',
  password: '',
  currentPassword: '',
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  role: user.role,
});

/**
 * Add User (no `user`) and Edit User (a `user`), with the rules and messages of
 * src/shared/schemas/users.ts (ADR 029). On edit a blank password keeps the current one; an admin changing their own password
 * gives the current one too. The edit carries the version it started from (ADR 022).
 */
export function UserFormDialog({
  user,
  currentUserId,
  open,
  onOpenChange,
}: {
  user?: User;
  currentUserId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const editing = user !== undefined;
  const own = editing && user.id === currentUserId;
  const create = useCreateUser();
  const update = useUpdateUser();
  const resolver = (editing ? zodResolver(userUpdateSchema) : zodResolver(userCreateSchema)) as unknown as Resolver<
    FormValues,
    unknown,
    UserCreate | UserUpdate
  >;
  const form = useForm<FormValues, unknown, UserCreate | UserUpdate>({ resolver, defaultValues: emptyValues });
  const newPassword = !!form.watch('password');
  const pending = create.isPending || update.isPending;

  // Filled once per opening: a live refresh of the list hands in a new `user` object while the
  // admin types, and must not wipe what they typed (the save still sends the version it started from).
  const userId = user?.id;
  const latestUser = useRef(user);
  const baseVersion = useRef(user?.version);
  useEffect(() => {
    latestUser.current = user;
  });
  useEffect(() => {
    if (!open) return;
    baseVersion.current = latestUser.current?.version;
    form.reset(latestUser.current ? valuesOf(latestUser.current) : emptyValues);
  }, [open, userId, form]);
  // After a stale write (409) the dialog moves onto the latest saved user once the list has it.
  const reloadStale = useRef(false);
  useEffect(() => {
    if (!open || !user || !reloadStale.current || user.version === baseVersion.current) return;
    reloadStale.current = false;
    baseVersion.current = user.version;
    form.reset(valuesOf(user));
  }, [open, user, form]);

  const done = (message: string) => {
    toastSuccess(message);
    onOpenChange(false);
  };

  const onSubmit = form.handleSubmit((data) => {
    if (!editing) {
      create.mutate(data as UserCreate, {
        onSuccess: () => done('User created successfully'),
        onError: (err) => {
          applyServerErrors(form, err);
          toastFailure('Failed to create user', err);
        },
      });
      return;
    }
    const changes = data as UserUpdate;
    const payload: UserUpdate = { ...changes, version: baseVersion.current ?? user.version };
    if (!own || !changes.password) delete payload.currentPassword;
    update.mutate(
      { id: user.id, data: payload },
      {
        onSuccess: () => done('User updated successfully'),
        onError: (err) => {
          const onForm = applyServerErrors(form, err);
          if (err instanceof ApiError && err.code === 'STALE_VERSION') {
            reloadStale.current = true;
            toast({ title: 'Error', description: err.serverMessage, variant: 'destructive' });
          } else if (onForm && err instanceof ApiError && err.fields?.role)
            toastFailure('Failed to update user role', err);
          else toastFailure('Failed to update user. Please try again.', err, false);
        },
      },
    );
  });

  const fields: { name: TextField; label: string; type?: string; autoComplete: string; hint?: string }[] = [
    { name: 'username', label: 'Username', autoComplete: 'off' },
    { name: 'email', label: 'Email', type: 'email', autoComplete: 'off' },
    {
      name: 'password',
      label: 'Password',
      type: 'password',
      autoComplete: 'new-password',
      hint: editing
        ? 'Leave blank to keep the current password'
        : 'At least 8 characters with uppercase, lowercase, and number',
    },
    ...(own && newPassword
      ? [
          {
            name: 'currentPassword',
            label: 'Current password',
            type: 'password',
            autoComplete: 'current-password',
            hint: 'Needed to set a new password for your own account',
          } as const,
        ]
      : []),
    { name: 'firstName', label: 'First name', autoComplete: 'off' },
    { name: 'lastName', label: 'Last name', autoComplete: 'off' },
  ];
  const roleError = form.formState.errors.role?.message;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit User' : 'Add User'}</DialogTitle>
          <DialogDescription>
            {editing
              ? 'Change the details, role or password. A new role or password signs this user out everywhere.'
              : 'Create an account for a member of staff.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void onSubmit(e)} className="grid gap-4" noValidate>
          {fields.map((field) => {
            const error = form.formState.errors[field.name]?.message;
            const id = `user-${field.name}`;
            return (
              <div key={field.name} className="grid gap-1.5">
                <Label htmlFor={id}>{field.label}</Label>
                <Input
                  id={id}
                  type={field.type ?? 'text'}
                  autoComplete={field.autoComplete}
                  aria-invalid={!!error}
                  aria-describedby={field.hint && !error ? `${id}-hint` : undefined}
                  {...form.register(field.name)}
                />
                {field.hint && !error && (
                  <p id={`${id}-hint`} className="text-xs text-muted-foreground">
                    {field.hint}
                  </p>
                )}
                {error && <p className="text-sm text-destructive">{error}</p>}
              </div>
            );
          })}
          <div className="grid gap-1.5">
            <Label htmlFor="user-role">Role</Label>
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger id="user-role" aria-invalid={!!roleError} className="w-full">
                    <SelectValue placeholder="Select a role" />
                  </SelectTrigger>
                  <SelectContent>
                    {ROLES.map((role) => (
                      <SelectItem key={role} value={role}>
                        {ROLE_LABELS[role]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
            {roleError && <p className="text-sm text-destructive">{roleError}</p>}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending && <Loader2 className="animate-spin" aria-hidden />}
              {editing ? 'Save changes' : 'Add User'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
