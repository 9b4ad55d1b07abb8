import { SEND_QUEUED, type SendEmailResult } from '#shared/schemas/email.ts';
import { toast } from '#web/hooks/use-toast.ts';
import { toastSuccess } from '#web/lib/notify.ts';

/** Tells the user where the message is: it left, it waits in the queue, or it failed (with the reason). */
export function announceSendResult(result: SendEmailResult, success: string, failure: string): void {
  if (result.status === 'sent') toastSuccess(success);
  else if (result.status === 'failed')
    toast({ title: 'Error', description: `${failure}: ${result.error ?? 'unknown error'}`, variant: 'destructive' });
  else
    toast({
      title: 'Email queued',
      description: result.error ? `${SEND_QUEUED} Last attempt: ${result.error}` : SEND_QUEUED,
    });
}
