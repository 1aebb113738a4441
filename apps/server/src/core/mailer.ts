/** A file sent with an e-mail: a receipt's PDF. */
export type MailAttachment = { filename: string; content: Buffer; contentType: string };

export type MailMessage = { to: string; subject: string; text: string; attachments?: MailAttachment[] };

/** Where e-mail goes: the outbox table by default, an SMTP server when SMTP_URL is set. */
export type Mailer = { send: (message: MailMessage) => Promise<void> };
