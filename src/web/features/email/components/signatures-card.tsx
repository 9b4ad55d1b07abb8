import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ImagePlus, Loader2 } from 'lucide-react';
import { MAILBOX_ACCOUNTS, type MailboxAccount } from '#shared/schemas/email.ts';
import { uploadedPhotoSchema } from '#shared/schemas/proposals.ts';
import type { User } from '#shared/schemas/users.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { apiUpload } from '#web/lib/api-client.ts';
import { toastFailure, toastSuccess } from '#web/lib/notify.ts';
import { useSaveSignature, useSignature } from '../api/signature.ts';
import { sanitiseSignaturePreview } from './signature-html.ts';

const LABEL: Record<MailboxAccount, string> = { geral: 'Geral', comercial: 'Comercial' };

/** Settings: one HTML signature per mailbox, with a live preview; admins edit, others read. */
export function SignaturesCard() {
  const user = useQueryClient().getQueryData<User | null>(['/api/auth/user']);
  const canEdit = user?.role === 'admin';
  return (
    <Card data-testid="signatures-card">
      <CardHeader>
        <CardTitle>Email signatures</CardTitle>
        <CardDescription>
          Added below e-mails sent from each mailbox. Simple formatting, links and uploaded images only.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs defaultValue="geral">
          <TabsList>
            {MAILBOX_ACCOUNTS.map((a) => (
              <TabsTrigger key={a} value={a}>
                {LABEL[a]}
              </TabsTrigger>
            ))}
          </TabsList>
          {MAILBOX_ACCOUNTS.map((a) => (
            <TabsContent key={a} value={a} className="pt-3">
              <SignatureEditor account={a} canEdit={canEdit} />
            </TabsContent>
          ))}
        </Tabs>
      </CardContent>
    </Card>
  );
}

function SignatureEditor({ account, canEdit }: { account: MailboxAccount; canEdit: boolean }) {
  const signature = useSignature(account);
  const save = useSaveSignature(account);
  const [draft, setDraft] = useState('');
  const [uploading, setUploading] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const file = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (signature.data) setDraft(signature.data.signature);
  }, [signature.data]);

  const insertImage = async (picked: File | undefined) => {
    if (!picked) return;
    setUploading(true);
    try {
      const { url } = uploadedPhotoSchema.parse(await apiUpload('/api/proposals/photos', picked));
      const path = new URL(url, document.baseURI).pathname;
      const tag = `<img src="${path}" alt="" height="48">`;
      const el = textarea.current;
      const at = el?.selectionStart ?? draft.length;
      setDraft((d) => d.slice(0, at) + tag + d.slice(at));
    } catch (err) {
      toastFailure('Failed to upload the image', err);
    } finally {
      setUploading(false);
      if (file.current) file.current.value = '';
    }
  };

  const id = `signature-${account}`;
  const dirty = signature.data ? draft !== signature.data.signature : false;
  return (
    <div className="grid gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor={id}>{LABEL[account]} signature (HTML)</Label>
        <Textarea
          id={id}
          ref={textarea}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          readOnly={!canEdit}
          className="min-h-28 font-mono text-xs"
          placeholder={'<p><b>Ana Costa</b><br>AutoImport · +351 210 000 000</p>'}
        />
      </div>
      <div className="grid gap-1.5">
        <p className="text-sm font-medium">Preview</p>
        <div
          className="min-h-12 rounded-md border bg-background p-3 text-sm [&_a]:text-primary [&_a]:underline [&_img]:inline-block [&_img]:max-h-24"
          data-testid={`signature-preview-${account}`}
          // Sanitised with the same rules the server applies on save.
          dangerouslySetInnerHTML={{
            __html: sanitiseSignaturePreview(draft) || '<span class="text-muted-foreground">No signature</span>',
          }}
        />
      </div>
      {canEdit && (
        <div className="flex flex-wrap justify-end gap-2">
          <input
            ref={file}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="hidden"
            onChange={(e) => void insertImage(e.target.files?.[0])}
          />
          <Button type="button" variant="outline" size="sm" onClick={() => file.current?.click()} disabled={uploading}>
            {uploading ? <Loader2 className="animate-spin" aria-hidden /> : <ImagePlus aria-hidden />} Insert image
          </Button>
          <Button
            size="sm"
            disabled={!dirty || save.isPending}
            onClick={() =>
              save.mutate(
                { signature: draft, version: signature.data?.version ?? 0 },
                {
                  onSuccess: () => toastSuccess(`${LABEL[account]} signature saved`),
                  onError: (err) => toastFailure('Failed to save the signature', err),
                },
              )
            }
          >
            {save.isPending && <Loader2 className="animate-spin" aria-hidden />} Save signature
          </Button>
        </div>
      )}
    </div>
  );
}
