import { Link } from 'react-router';
import { ArrowLeft, ExternalLink, Link2, UserRound } from 'lucide-react';
import { customerTrackingUrl } from '#shared/schemas/public-links.ts';
import type { Import } from '#shared/schemas/imports.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { toastSuccess } from '#web/lib/notify.ts';
import { usePublicUrl } from '#web/lib/public-url.ts';
import { ImportProgress } from '../components/import-progress.tsx';
import { ImportStatusBadge } from '../components/import-status-badge.tsx';
import { vehicleName } from '../list/import-open.ts';
import { StageControls } from './stage-controls.tsx';

/**
 * Copies the customer's tracking page on PUBLIC_URL (docs/rulings.md ruling 23): it goes into a
 * WhatsApp message or an e-mail.
 */
async function copyTrackingLink(publicUrl: string | undefined, publicId: string) {
  try {
    if (!publicUrl) throw new Error('no public address yet');
    await navigator.clipboard.writeText(customerTrackingUrl(publicUrl, publicId));
    toastSuccess('Link copied');
  } catch {
    toast({ title: 'Error', description: 'Failed to copy the link.', variant: 'destructive' });
  }
}

/** 'Import #id', status badge, progress, stage arrows and dropdown, and the links around the import. */
export function ImportHeader({ imp }: { imp: Import }) {
  const publicUrl = usePublicUrl();
  return (
    <div className="mb-4 grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="ghost" size="sm" asChild className="-ml-2">
          <Link to="/admin/imports">
            <ArrowLeft aria-hidden /> Back to imports
          </Link>
        </Button>
      </div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold tracking-tight">Import #{imp.id}</h1>
            <ImportStatusBadge status={imp.status} />
          </div>
          <p className="mt-1 truncate text-muted-foreground">
            {imp.clientName} · {vehicleName(imp)}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button size="sm" variant="outline" onClick={() => void copyTrackingLink(publicUrl, imp.publicId)}>
            <Link2 aria-hidden /> Copy tracking link
          </Button>
          {imp.proposalPublicId ? (
            <Button size="sm" variant="outline" asChild>
              <a
                href={`/proposta/${encodeURIComponent(imp.proposalPublicId)}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                <ExternalLink aria-hidden /> View proposal
              </a>
            </Button>
          ) : null}
          {imp.leadId ? (
            <Button size="sm" variant="outline" asChild>
              <Link to={`/admin/leads/${imp.leadId}`}>
                <UserRound aria-hidden /> Lead {imp.leadReference ? `#${imp.leadReference}` : `#${imp.leadId}`}
              </Link>
            </Button>
          ) : null}
        </div>
      </div>
      <Card className="py-4">
        <CardContent className="flex flex-col gap-3 px-4 sm:flex-row sm:items-center sm:gap-6">
          <ImportProgress status={imp.status} label={`Import #${imp.id}`} className="flex-1" />
          <StageControls imp={imp} />
        </CardContent>
      </Card>
    </div>
  );
}
