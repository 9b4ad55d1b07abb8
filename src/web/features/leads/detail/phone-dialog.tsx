import { MessageCircle, MessageSquareText, Phone } from 'lucide-react';
import { normalizePhone, whatsappLink } from '#shared/phone.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';

/** tel: and sms: want the number without spaces; the international form when we can tell it. */
export function dialableNumber(phone: string): string {
  return normalizePhone(phone) ?? phone.replace(/[^\d+]/g, '');
}

/** Clicking the lead's phone: Call, Text Message or WhatsApp. */
export function PhoneDialog({
  phone,
  name,
  open,
  onOpenChange,
}: {
  phone: string;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const number = dialableNumber(phone);
  const whatsapp = whatsappLink(phone);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-sm">
        <DialogHeader>
          <DialogTitle>Contact {name}</DialogTitle>
          <DialogDescription>{phone}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Button asChild variant="outline" className="justify-start">
            <a href={`tel:${number}`}>
              <Phone aria-hidden /> Call
            </a>
          </Button>
          <Button asChild variant="outline" className="justify-start">
            <a href={`sms:${number}`}>
              <MessageSquareText aria-hidden /> Text Message
            </a>
          </Button>
          {whatsapp ? (
            <Button asChild variant="outline" className="justify-start">
              <a href={whatsapp} target="_blank" rel="noopener noreferrer">
                <MessageCircle aria-hidden /> WhatsApp
              </a>
            </Button>
          ) : (
            <Button variant="outline" className="justify-start" disabled>
              <MessageCircle aria-hidden /> WhatsApp (number not recognised)
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
