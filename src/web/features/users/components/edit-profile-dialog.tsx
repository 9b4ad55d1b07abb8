import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { userUpdateSchema, type User, type UserUpdate, type UserUpdateInput } from '#shared/schemas/users.ts';
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
import { toast } from '#web/hooks/use-toast.ts';
import { applyServerErrors } from '#web/lib/form-errors.ts';
import { toastFailure } from '#web/lib/notify.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { AccessTokens } from './access-tokens.tsx';

interface Field {
  name: 'username' | 'email' | 'password' | 'currentPassword' | 'firstName' | 'lastName';
  label: string;
  type?: string;
  autoComplete: string;
  hint?: string;
  readOnly?: boolean;
}

/**
 * The fields for this user: only admins change a username (read-only for others), and the current
 * password is asked for once a new one is typed.
 */
function fieldsFor(isAdmin: boolean, newPassword: boolean): Field[] {
  return [
    isAdmin
      ? { name: 'username', label: 'Username', autoComplete: 'username' }
      : {
          name: 'username',
          label: 'Username',
          autoComplete: 'username',
          readOnly: true,
          hint: 'Only an administrator can change a username',
        },
    { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
    {
      name: 'password',
      label: 'Password',
      type: 'password',
      autoComplete: 'new-password',
      hint: 'Leave blank to keep the current password',
    },
    ...(newPassword
      ? [
          {
            name: 'currentPassword',
            label: 'Current password',
            type: 'password',
            autoComplete: 'current-password',
            hint: 'Needed to set a new password; your other sessions will be signed out',
          } as const,
        ]
      : []),
    { name: 'firstName', label: 'First name', autoComplete: 'given-name' },
    { name: 'lastName', label: 'Last name', autoComplete: 'family-name' },
  ];
}

const toFormValues = (user: User): UserUpdateInput => ({
  username: user.username,
  email: user.email ?? '',
  password: '',
  currentPassword: '',
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
});

export function EditProfileDialog({
  user,
  open,
  onOpenChange,
}: {
  user: User;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useForm<UserUpdateInput, unknown, UserUpdate>({
    resolver: zodResolver(userUpdateSchema),
    defaultValues: toFormValues(user),
  });
  const update = useUpdateUser();
  const isAdmin = user.role === 'admin';
  const newPassword = !!form.watch('password');
  const fields = fieldsFor(isAdmin, newPassword);

  useEffect(() => {
    if (open) form.reset(toFormValues(user));
  }, [open, user, form]);

  const onSubmit = form.handleSubmit(({ username, ...rest }) =>
    update.mutate(
      // A username is sent only by an admin; the rest is sent as edited.
      { id: user.id, data: { ...(isAdmin ? { username, ...rest } : rest), version: user.version } },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: 'Profile updated successfully' });
          onOpenChange(false);
        },
        onError: (err) => {
          applyServerErrors(form, err);
          toastFailure('Failed to update profile', err, false);
        },
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92svh] overflow-y-auto sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Edit Profile</DialogTitle>
          <DialogDescription>Update your name, e-mail and password.</DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void onSubmit(e)} className="grid gap-4" noValidate>
          {fields.map((field) => {
            const error = form.formState.errors[field.name]?.message;
            return (
              <div key={field.name} className="grid gap-1.5">
                <Label htmlFor={`profile-${field.name}`}>{field.label}</Label>
                <Input
                  id={`profile-${field.name}`}
                  type={field.type ?? 'text'}
                  autoComplete={field.autoComplete}
                  readOnly={field.readOnly}
                  className={field.readOnly ? 'bg-muted text-muted-foreground' : undefined}
                  aria-readonly={field.readOnly}
                  aria-describedby={field.hint && !error ? `profile-${field.name}-hint` : undefined}
                  aria-invalid={!!error}
                  {...form.register(field.name)}
                />
                {field.hint && !error && (
                  <p id={`profile-${field.name}-hint`} className="text-xs text-muted-foreground">
                    {field.hint}
                  </p>
                )}
                {error && <p className="text-sm text-destructive">{error}</p>}
              </div>
            );
          })}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending && <Loader2 className="animate-spin" aria-hidden />}
              Save changes
            </Button>
          </DialogFooter>
        </form>
        <AccessTokens enabled={open} />
      </DialogContent>
    </Dialog>
  );
}
