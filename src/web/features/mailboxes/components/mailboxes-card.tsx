import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2, Mail, PlugZap, RefreshCw } from 'lucide-react';
import { MAIL_ACCOUNT_LABELS, MAIL_ACCOUNTS, type MailAccount, type MailboxStatus } from '#shared/schemas/mailboxes.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { QueryStates } from '#web/components/query-states.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { formatDateTime, relativeTime } from '#web/lib/format.ts';
import { toastFailure } from '#web/lib/notify.ts';
import {
  GMAIL_STATUS_KEY,
  googleAuthUrl,
  useDisconnect,
  useGmailStatus,
  useTestConnection,
} from '../api/mailboxes-api.ts';
import { ConnectImapDialog } from './connect-imap-dialog.tsx';
import { FailedMessagesList } from './failed-messages-list.tsx';

function Health({ status }: { status: MailboxStatus }) {
  if (status.state === 'not_connected') return null;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-muted-foreground" aria-label="Sync health">
      <dt>Last run</dt>
      <dd>
        {status.lastSyncAt ? (
          <time title={formatDateTime(status.lastSyncAt)}>{relativeTime(status.lastSyncAt)}</time>
        ) : (
          'Not yet'
        )}
      </dd>
      <dt>Last success</dt>
      <dd>
        {status.lastSuccessAt ? (
          <time title={formatDateTime(status.lastSuccessAt)}>{relativeTime(status.lastSuccessAt)}</time>
        ) : (
          'Not yet'
        )}
        {status.stale && <span className="ml-2 font-medium text-amber-600 dark:text-amber-400">(stopped syncing)</span>}
      </dd>
      <dt>Messages</dt>
      <dd>
        {status.messagesImported} imported, {status.messagesIgnored} ignored
      </dd>
      {status.lastError && (
        <>
          <dt className="text-destructive">Last error</dt>
          <dd className="text-destructive" role="status">
            {status.lastError}
          </dd>
        </>
      )}
    </dl>
  );
}

function AccountRow({
  status,
  googleAvailable,
  googleReason,
  onImap,
  onDisconnect,
}: {
  status: MailboxStatus;
  googleAvailable: boolean;
  googleReason: string | null;
  onImap: () => void;
  onDisconnect: () => void;
}) {
  const label = MAIL_ACCOUNT_LABELS[status.account];
  const [opening, setOpening] = useState(false);
  const connectGoogle = async () => {
    // Opened before the request so a pop-up blocker sees the click.
    const tab = window.open('', '_blank');
    setOpening(true);
    try {
      const url = await googleAuthUrl(status.account, status.address ?? undefined);
      if (tab) tab.location.href = url;
      else window.location.href = url;
    } catch (err) {
      tab?.close();
      toastFailure(`Failed to initiate Gmail authentication for ${status.account}`, err);
    } finally {
      setOpening(false);
    }
  };
  const connected = status.state === 'connected';
  return (
    <section className="grid gap-3 rounded-lg border p-4" aria-label={`${label} mailbox`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="grid gap-0.5">
          <h3 className="flex items-center gap-2 font-medium">
            <Mail className="size-4" aria-hidden /> {label}
          </h3>
          {status.address && (
            <p className="text-sm text-muted-foreground">
              {status.address} · {status.provider === 'gmail' ? 'Google sign-in' : `IMAP ${status.imap?.host ?? ''}`}
            </p>
          )}
        </div>
        <Badge variant={connected ? 'default' : 'secondary'} data-testid={`mailbox-${status.account}-state`}>
          {connected ? 'Connected' : status.state === 'needs_reconnect' ? 'Not Connected: reconnect' : 'Not Connected'}
        </Badge>
      </div>
      <Health status={status} />
      <FailedMessagesList account={status.account} enabled={status.state !== 'not_connected'} />
      <div className="flex flex-wrap gap-2">
        {!connected && (
          <>
            <Button
              size="sm"
              onClick={() => void connectGoogle()}
              disabled={!googleAvailable || opening}
              title={googleReason ?? undefined}
            >
              {opening && <Loader2 className="animate-spin" />} Connect with Google
            </Button>
            <Button size="sm" variant="outline" onClick={onImap}>
              <PlugZap /> Connect with IMAP/SMTP
            </Button>
          </>
        )}
        {status.state !== 'not_connected' && (
          <Button size="sm" variant="outline" onClick={onDisconnect}>
            Disconnect
          </Button>
        )}
      </div>
      {!connected && !googleAvailable && googleReason && (
        <p className="text-xs text-muted-foreground">{googleReason}</p>
      )}
    </section>
  );
}

/** Settings, admins only: the Geral and Comercial mailboxes, how each connects and how its sync is doing. */
export function MailboxesCard() {
  const status = useGmailStatus();
  const queryClient = useQueryClient();
  const test = useTestConnection();
  const disconnect = useDisconnect();
  const [imapFor, setImapFor] = useState<MailAccount | null>(null);
  const [disconnectFor, setDisconnectFor] = useState<MailAccount | null>(null);

  // The Google tab tells this page when the mailbox is connected.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      // eslint-disable-next-line no-restricted-syntax -- a message from our own popup, not a customer link
      if (event.origin !== window.location.origin) return;
      if ((event.data as { type?: string } | null)?.type === 'gmail-connected')
        void queryClient.invalidateQueries({ queryKey: GMAIL_STATUS_KEY });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [queryClient]);

  const runTest = () =>
    test.mutate(undefined, {
      onSuccess: (r) => toast({ title: 'Success', description: r.message }),
      onError: (err) => toastFailure('Failed to test Gmail connection', err),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Mailboxes</CardTitle>
        <CardDescription>
          Leads and replies are read from these mailboxes; replies to customers are sent from them.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <QueryStates
          query={status}
          pending={<Loader2 className="animate-spin" aria-label="Loading mailboxes" />}
          errorTitle="The mailboxes could not be loaded."
          errorLayout="inline"
          keepDataOnError
        >
          {(data) => (
            <>
              <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span>
                  Monitoring:{' '}
                  <Badge variant={data.monitoring.active ? 'default' : 'secondary'} data-testid="mailbox-monitoring">
                    {data.monitoring.active ? 'Active' : 'Inactive'}
                  </Badge>{' '}
                  <span className="text-muted-foreground" data-testid="mailbox-poll-interval">
                    every {data.monitoring.everyMinutes === 1 ? '1 minute' : `${data.monitoring.everyMinutes} minutes`}
                  </span>
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={runTest}
                  disabled={test.isPending || !(data.geral.isAuthenticated || data.comercial.isAuthenticated)}
                >
                  {test.isPending ? <Loader2 className="animate-spin" /> : <RefreshCw />} Test Connection
                </Button>
              </div>
              {MAIL_ACCOUNTS.map((account) => (
                <AccountRow
                  key={account}
                  status={data[account]}
                  googleAvailable={data.google.available}
                  googleReason={data.google.reason}
                  onImap={() => setImapFor(account)}
                  onDisconnect={() => setDisconnectFor(account)}
                />
              ))}
            </>
          )}
        </QueryStates>
      </CardContent>
      {imapFor && <ConnectImapDialog account={imapFor} open={!!imapFor} onOpenChange={(o) => !o && setImapFor(null)} />}
      <ConfirmDialog
        open={!!disconnectFor}
        onOpenChange={(o) => !o && setDisconnectFor(null)}
        title={`Disconnect ${disconnectFor ? MAIL_ACCOUNT_LABELS[disconnectFor] : ''}?`}
        description="E-mails stop being read from this mailbox and sending from it stops. Google access is revoked; the stored password or token is deleted."
        confirmLabel="Disconnect"
        destructive
        onConfirm={() => disconnect.mutateAsync(disconnectFor!)}
        successMessage={(r) => r.message}
        failureMessage="Failed to disconnect Gmail account"
      />
    </Card>
  );
}
