import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { Mailer } from '../../core/mailer';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';

/**
 * The default mailer: keeps e-mail in the outbox table. The log says who got what, never the text:
 * a reset e-mail carries a token that signs its holder in. The outbox keeps the text only, not the
 * attachments: a receipt's PDF can be made again from the database, and files do not belong in a
 * table that is read as mail; the log names the files left out.
 */
export function createOutboxMailer(db: Db, log: FastifyBaseLogger): Mailer {
  return {
    async send(message) {
      await db.insert(mailOutbox).values({ to: message.to, subject: message.subject, body: message.text });
      const left = message.attachments?.map((attachment) => attachment.filename) ?? [];
      const mail = { to: message.to, subject: message.subject };
      log.info(
        { mail: left.length > 0 ? { ...mail, attachmentsLeftOut: left } : mail },
        'e-mail written to outbox',
      );
    },
  };
}

/**
 * Sends through the SMTP server at `smtpUrl` (smtp:// upgrades with STARTTLS when offered, smtps://
 * is TLS). When the server cannot be reached the e-mail goes to `fallback` (the outbox) and the
 * caller still succeeds: a reset request must answer the same whether or not the account exists.
 */
export function createSmtpMailer(
  smtpUrl: string,
  from: string,
  log: FastifyBaseLogger,
  fallback: Mailer,
): Mailer {
  // nodemailer waits up to two minutes for a connection by default; a request should not.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(message) {
      const mail = { to: message.to, subject: message.subject };
      try {
        const info = await transport.sendMail({
          from,
          ...mail,
          text: message.text,
          // Only these three: nodemailer would also read a `path` or fetch an `href`.
          attachments: message.attachments?.map(({ filename, content, contentType }) => ({
            filename,
            content,
            contentType,
          })),
        });
        log.info({ mail: { ...mail, messageId: info.messageId } }, 'e-mail sent');
      } catch (error) {
        const { code, message: reason } = error as { code?: string; message?: string };
        log.error({ mail, smtpError: { code, message: reason } }, 'SMTP failed; e-mail kept in the outbox');
        await fallback.send(message);
      }
    },
  };
}

/** SMTP when SMTP_URL is set (the outbox when it fails); the outbox table otherwise. */
export function createMailer(config: Config, db: Db, log: FastifyBaseLogger): Mailer {
  const outbox = createOutboxMailer(db, log);
  return config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom, log, outbox) : outbox;
}
