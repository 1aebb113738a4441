import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../core/mailer';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';

/** The default mailer: keeps e-mail in the outbox table and the log; SMTP plugs in behind `Mailer`. */
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
