import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';

export type MailMessage = { to: string; subject: string; text: string };

/** Where e-mail goes. The default keeps it in the outbox table and the log; SMTP plugs in here. */
export type Mailer = { send: (message: MailMessage) => Promise<void> };

export function createOutboxMailer(db: Db, log: FastifyBaseLogger): Mailer {
  return {
    async send(message) {
      await db.insert(mailOutbox).values({ to: message.to, subject: message.subject, body: message.text });
      log.info(
        { mail: { to: message.to, subject: message.subject }, text: message.text },
        'e-mail written to outbox',
      );
    },
  };
}
