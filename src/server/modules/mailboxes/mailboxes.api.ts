// What the mailboxes module offers other modules on purpose (docs/mail.md): a live connection to a
// company mailbox (never its stored secret), and the transport options to read or send with it.
// Get the connection from the service: `mailboxes.getConnection('geral')` (null when that mailbox is
// not connected or must be reconnected).
export {
  appendToSentFolder,
  describeMailFailure,
  imapOptions,
  openImap,
  sentFolderPath,
  smtpTransportOptions,
  testMailConnection,
  type MailAuth,
  type MailConnection,
  type MailFailure,
} from '#server/integrations/mail/mail-transport.ts';
export type { MailboxesService } from './mailboxes.service.ts';
/** The ledger of messages (direction in/out), for recording sent mail so replies thread onto the lead. */
export {
  claimMessage as recordMailMessage,
  setMessageOutcome as setMailMessageOutcome,
} from './mailboxes.repository.ts';
