/** Raw messages the mail tests deliver: delivery reports (RFC 3464) as Postfix writes them. */

export interface ReportInput {
  to: string;
  messageId: string;
  /** The Message-ID of the message that came back. */
  original: string;
  recipient: string;
  action?: string;
  status?: string;
  diagnostic?: string;
  /** How the returned message is attached: its headers only (default) or whole. */
  returned?: 'text/rfc822-headers' | 'message/rfc822';
  from?: string;
}

/** A Postfix-style bounce: multipart/report with a text part, the delivery status and the returned headers. */
export function deliveryReport(r: ReportInput): string {
  const b = `report-${r.messageId.replace(/\W/g, '')}`;
  return [
    `From: ${r.from ?? 'MAILER-DAEMON@mx.cliente.test (Mail Delivery System)'}`,
    `To: ${r.to}`,
    'Subject: Undelivered Mail Returned to Sender',
    `Message-ID: ${r.messageId}`,
    `Date: ${new Date().toUTCString()}`,
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=delivery-status; boundary="${b}"`,
    '',
    `--${b}`,
    'Content-Description: Notification',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is the mail system at host mx.cliente.test.',
    '',
    "I'm sorry to have to inform you that your message could not",
    'be delivered to one or more recipients.',
    '',
    `--${b}`,
    'Content-Description: Delivery report',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.cliente.test',
    '',
    `Final-Recipient: rfc822; ${r.recipient}`,
    `Original-Recipient: rfc822;${r.recipient}`,
    `Action: ${r.action ?? 'failed'}`,
    `Status: ${r.status ?? '5.1.1'}`,
    `Diagnostic-Code: smtp; ${r.diagnostic ?? `550 5.1.1 <${r.recipient}>: Recipient address rejected:\r\n    User unknown in local recipient table`}`,
    '',
    `--${b}`,
    `Content-Type: ${r.returned ?? 'text/rfc822-headers'}`,
    '',
    'From: Geral <geral@example.test>',
    `To: ${r.recipient}`,
    'Subject: Re: Pedido',
    `Message-ID: ${r.original}`,
    ...(r.returned === 'message/rfc822' ? ['Content-Type: text/plain', '', 'Olá, segue a proposta.'] : []),
    '',
    `--${b}--`,
    '',
  ].join('\r\n');
}
