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

const FIELDS = [
  { name: 'username', label: 'Username', autoComplete: 'username' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
    hint: 'Leave blank to keep the current password',
  },
  { name: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name' },
] as const;

const toFormValues = (user: User): UserUpdateInput => ({
  username: user.username,
  email: user.email ?? '',
  password: '',
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

  useEffect(() => {
    if (open) form.reset(toFormValues(user));
  }, [open, user, form]);

  const onSubmit = form.handleSubmit((data) =>
    update.mutate(
      { id: user.id, data },
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
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Edit Profile</DialogTitle>
          <DialogDescription>Update your name, e-mail and password.</DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void onSubmit(e)} className="grid gap-4" noValidate>
          {FIELDS.map((field) => {
            const error = form.formState.errors[field.name]?.message;
            return (
              <div key={field.name} className="grid gap-1.5">
                <Label htmlFor={`profile-${field.name}`}>{field.label}</Label>
                <Input
                  id={`profile-${field.name}`}
                  type={'type' in field ? field.type : 'text'}
                  autoComplete={field.autoComplete}
                  aria-invalid={!!error}
                  {...form.register(field.name)}
                />
                {'hint' in field && !error && <p className="text-xs text-muted-foreground">{field.hint}</p>}
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
      </DialogContent>
    </Dialog>
  );
}
