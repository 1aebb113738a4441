export type MailMessage = { to: string; subject: string; text: string };

/** Where e-mail goes: the outbox table by default, an SMTP server when SMTP_URL is set. */
export type Mailer = { send: (message: MailMessage) => Promise<void> };
