export type MailMessage = { to: string; subject: string; text: string };

/** Where e-mail goes; the outbox mailer is the default and SMTP plugs in behind the same shape. */
export type Mailer = { send: (message: MailMessage) => Promise<void> };
