import { useState, type FormEvent } from 'react';
import { CarFront, Loader2 } from 'lucide-react';
import { Alert, AlertDescription } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { useLogin } from '../api/login.ts';

/** Local storage key for the 'Remember username' checkbox. */
export const REMEMBERED_USERNAME_KEY = 'rememberedUsername';

function readRemembered(): string {
  try {
    return localStorage.getItem(REMEMBERED_USERNAME_KEY) ?? '';
  } catch {
    return '';
  }
}

export function LoginForm({ onSuccess }: { onSuccess?: () => void }) {
  const [username, setUsername] = useState(readRemembered);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(() => readRemembered() !== '');
  const [error, setError] = useState<string | null>(null);
  const login = useLogin();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    login.mutate(
      { username, password },
      {
        onSuccess: (user) => {
          try {
            if (remember) localStorage.setItem(REMEMBERED_USERNAME_KEY, username.trim());
            else localStorage.removeItem(REMEMBERED_USERNAME_KEY);
          } catch {
            /* storage unavailable */
          }
          toast({ title: 'Login successful', description: `Welcome back, ${user.firstName || user.username}!` });
          onSuccess?.();
        },
        onError: (err) => {
          setPassword('');
          setError(
            err instanceof ApiError
              ? err.serverMessage || 'Invalid credentials'
              : 'Something went wrong. Please try again.',
          );
        },
      },
    );
  };

  return (
    <div className="flex min-h-svh items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-sm">
        <CardHeader className="items-center text-center">
          <div className="mx-auto mb-2 flex size-12 items-center justify-center rounded-xl bg-primary text-primary-foreground">
            <CarFront className="size-6" aria-hidden />
          </div>
          <CardTitle className="text-2xl">Staff Back Office</CardTitle>
          <CardDescription>Sign in to your account</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} className="grid gap-4">
            {error && (
              <Alert variant="destructive">
                <AlertDescription>{error}</AlertDescription>
              </Alert>
            )}
            <div className="grid gap-2">
              <Label htmlFor="username">Username</Label>
              <Input
                id="username"
                name="username"
                autoComplete="username"
                required
                value={username}
                onChange={(e) => setUsername(e.target.value)}
                autoFocus={!username}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="password">Password</Label>
              <Input
                id="password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                autoFocus={!!username}
              />
            </div>
            <div className="flex items-center gap-2">
              <Checkbox id="remember" checked={remember} onCheckedChange={(v) => setRemember(v === true)} />
              <Label htmlFor="remember" className="font-normal">
                Remember username
              </Label>
            </div>
            <Button type="submit" className="w-full" disabled={login.isPending}>
              {login.isPending ? (
                <>
                  <Loader2 className="animate-spin" aria-hidden /> Signing in...
                </>
              ) : (
                'Sign In'
              )}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
