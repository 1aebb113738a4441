import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { Mailer } from '../../core/mailer';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';

/**
 * The default mailer: keeps e-mail in the outbox table. The log says who got what, never the text:
 * a reset e-mail carries a token that signs its holder in.
 */
export function createOutboxMailer(db: Db, log: FastifyBaseLogger): Mailer {
  return {
    async send(message) {
      await db.insert(mailOutbox).values({ to: message.to, subject: message.subject, body: message.text });
      log.info({ mail: { to: message.to, subject: message.subject } }, 'e-mail written to outbox');
    },
  };
}

/** Sends through the SMTP server at `smtpUrl` (smtp:// upgrades with STARTTLS when offered, smtps:// is TLS). */
export function createSmtpMailer(smtpUrl: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      const info = await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
      log.info(
        { mail: { to: message.to, subject: message.subject, messageId: info.messageId } },
        'e-mail sent',
      );
    },
  };
}

/** SMTP when SMTP_URL is set; the outbox table otherwise. */
export function createMailer(config: Config, db: Db, log: FastifyBaseLogger): Mailer {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom, log)
    : createOutboxMailer(db, log);
}
