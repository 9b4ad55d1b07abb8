import { useEffect, useState, type FormEvent } from 'react';
import { Ban, ClipboardPaste, FilePlus2, Loader2, ShieldAlert, Wand2 } from 'lucide-react';
import { emptyProposal, proposalFromListing } from '#shared/proposals/draft.ts';
import { scrapeRequestSchema, type ProposalInputParsed } from '#shared/schemas/proposals.ts';
import { Alert, AlertDescription, AlertTitle } from '#web/components/ui/alert.tsx';
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
import { Textarea } from '#web/components/ui/textarea.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { toastFailure, toastSuccess } from '#web/lib/notify.ts';
import { useScrapeListing } from '../api/scrape-listing.ts';
import { loadingMessageAt, LOADING_MESSAGE_MS } from '../lib/proposal-text.ts';
import { useResetOnOpen } from '#web/hooks/use-reset-on-open.ts';

/** The URL must be a URL and not blank (the server's own rule and messages). */
function urlError(text: string): string | null {
  const parsed = scrapeRequestSchema.shape.url.safeParse(text);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Enter a valid URL');
}

/** The server's refusal: English, then Portuguese on its own line. */
function BothLanguages({ text }: { text: string }) {
  const [en, pt] = text.split('\n');
  return (
    <>
      <p>{en}</p>
      {pt && <p lang="pt-PT">{pt}</p>}
    </>
  );
}

/**
 * Create a proposal from a listing URL: the server reads the listing; when the marketplace refuses
 * automatic reads, staff paste the page source and the same parsers run on it.
 */
export function ExtractDialog({
  open,
  onOpenChange,
  onReady,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** `guessed`: read by the generic parser; the editor asks staff to check every field. */
  onReady: (initial: ProposalInputParsed, guessed?: boolean) => void;
}) {
  const [url, setUrl] = useState('');
  const [html, setHtml] = useState('');
  const [pasteOpen, setPasteOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [blocked, setBlocked] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const scrape = useScrapeListing();

  // A fresh dialog on each opening (the mutation object changes every render: it is not a reason to reset).
  useResetOnOpen(open, () => {
    setUrl('');
    setHtml('');
    setPasteOpen(false);
    setError(null);
    setBlocked(null);
    setRefused(null);
    scrape.reset();
  });

  // Loading messages rotate every 3 seconds while the listing is read.
  useEffect(() => {
    if (!scrape.isPending) return;
    setElapsed(0);
    const started = Date.now();
    const timer = setInterval(() => setElapsed(Date.now() - started), LOADING_MESSAGE_MS);
    return () => clearInterval(timer);
  }, [scrape.isPending]);

  const run = (withHtml: boolean) => {
    const problem = urlError(url);
    setError(problem);
    if (problem) return;
    if (withHtml && !html.trim()) {
      setError('Paste the page source first');
      return;
    }
    setRefused(null);
    scrape.mutate(
      { url: url.trim(), ...(withHtml ? { html } : {}) },
      {
        onSuccess: (data) => {
          toastSuccess('Vehicle data extracted');
          onReady(proposalFromListing(data.carData, data.imageUrls, data.sourceUrl), data.guessed);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'LISTING_BLOCKED') {
            setBlocked(err.serverMessage);
            setPasteOpen(true);
          } else if (err instanceof ApiError && err.code === 'NOT_A_LISTING') {
            setRefused(err.serverMessage);
          } else {
            setError(err instanceof ApiError ? (err.fields?.url ?? err.serverMessage) : String(err));
          }
          toastFailure('Failed to extract vehicle data', err);
        },
      },
    );
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    run(pasteOpen && html.trim() !== '');
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !scrape.isPending && onOpenChange(next)}>
      <DialogContent className="max-h-[92svh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Create Proposal</DialogTitle>
          <DialogDescription>
            Paste the link of a mobile.de, AutoScout24 or Standvirtual listing. The car's data and photos are read from
            it.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor="listing-url">Listing URL</Label>
            <Input
              id="listing-url"
              type="url"
              inputMode="url"
              placeholder="https://www.autoscout24.de/angebote/..."
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              aria-invalid={!!error}
              aria-describedby={error ? 'listing-url-error' : undefined}
              disabled={scrape.isPending}
              autoFocus
            />
            {error && (
              <p id="listing-url-error" className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>

          {blocked && (
            <Alert variant="destructive" data-testid="listing-blocked">
              <ShieldAlert aria-hidden />
              <AlertTitle>Automatic read refused</AlertTitle>
              <AlertDescription>
                <BothLanguages text={blocked} />
              </AlertDescription>
            </Alert>
          )}

          {refused && (
            <Alert variant="destructive" data-testid="listing-refused">
              <Ban aria-hidden />
              <AlertTitle>Not one car's page</AlertTitle>
              <AlertDescription>
                <BothLanguages text={refused} />
              </AlertDescription>
            </Alert>
          )}

          {pasteOpen ? (
            <div className="grid gap-1.5">
              <Label htmlFor="listing-html">Page source</Label>
              <Textarea
                id="listing-html"
                value={html}
                onChange={(e) => setHtml(e.target.value)}
                placeholder="Open the listing in your browser, press Ctrl+U (Cmd+Option+U on a Mac), select all, copy and paste here."
                className="max-h-48 min-h-28 font-mono text-xs"
                disabled={scrape.isPending}
              />
              <p className="text-xs text-muted-foreground">
                The listing URL above is kept as the proposal's source link.
              </p>
            </div>
          ) : (
            <Button
              type="button"
              variant="link"
              className="h-auto justify-start p-0 text-sm"
              onClick={() => setPasteOpen(true)}
            >
              <ClipboardPaste aria-hidden /> Paste the page source instead
            </Button>
          )}

          {scrape.isPending && (
            <p
              className="flex items-center gap-2 text-sm text-muted-foreground"
              role="status"
              data-testid="extract-loading"
            >
              <Loader2 className="size-4 animate-spin" aria-hidden /> {loadingMessageAt(elapsed)}
            </p>
          )}

          <DialogFooter className="gap-2 sm:justify-between">
            <Button type="button" variant="ghost" onClick={() => onReady(emptyProposal())} disabled={scrape.isPending}>
              <FilePlus2 aria-hidden /> Start without a listing
            </Button>
            <Button type="submit" disabled={scrape.isPending}>
              {scrape.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Wand2 aria-hidden />}
              {pasteOpen && html.trim() ? 'Read pasted page' : 'Extract vehicle data'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
