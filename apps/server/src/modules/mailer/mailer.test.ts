import { Writable } from 'node:stream';
import { authEndpoints } from '@tavolo/contract/auth';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, injectApi, registerOwner } from '../../../test/helpers';
import { startSmtpServer } from '../../../test/smtp';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { createOutboxMailer } from './mailer';

/** The text of a MIME message's body, undoing quoted-printable (soft breaks and =XX escapes). */
function bodyOf(raw: string): string {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  return body
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

const tokenIn = (text: string) => decodeURIComponent(/reset-password\?token=([^\s]+)/.exec(text)?.[1] ?? '');

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('SMTP mailer (SMTP_URL set)', () => {
  it('sends the reset e-mail through the SMTP server, from MAIL_FROM, with a working link', async () => {
    const smtp = await startSmtpServer();
    const config = loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://tavolo.test',
      SMTP_URL: `smtp://tavolo:${encodeURIComponent('mail secret')}@127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Trattoria Uno <hello@tavolo.test>',
    });
    const app = await buildApp({ config, database, logger: false });
    try {
      const owner = await registerOwner(app);
      const arrived = smtp.next();
      const asked = await injectApi(app, authEndpoints.forgotPassword, { body: { email: owner.email } });
      expect(asked.statusCode).toBe(202);
      const message = await arrived;
      expect(message).toMatchObject({ from: 'hello@tavolo.test', to: [owner.email], user: 'tavolo' });
      expect(message.raw).toMatch(/^From: Trattoria Uno <hello@tavolo\.test>\r$/m);
      expect(message.raw).toMatch(/^Subject: Reset your Tavolo password\r$/m);
      const text = bodyOf(message.raw);
      expect(text).toContain('http://tavolo.test/auth/reset-password?token=');

      const reset = await injectApi(app, authEndpoints.resetPassword, {
        body: { token: tokenIn(text), password: 'a brand new password' },
      });
      expect(reset.statusCode).toBe(200);
      // Sent for real, so nothing waits in the outbox.
      expect(await database.db.select().from(mailOutbox)).toEqual([]);
    } finally {
      await app.close();
      await smtp.close();
    }
  });

  it('keeps the e-mail in the outbox when the SMTP server cannot be reached, and still answers 202', async () => {
    const smtp = await startSmtpServer();
    await smtp.close();
    const config = loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://tavolo.test',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    });
    const app = await buildApp({ config, database, logger: false });
    try {
      const owner = await registerOwner(app);
      const asked = await injectApi(app, authEndpoints.forgotPassword, { body: { email: owner.email } });
      expect(asked.statusCode).toBe(202);
      const kept = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.email));
      expect(kept).toHaveLength(1);
      expect(kept[0]!.body).toContain('http://tavolo.test/auth/reset-password?token=');
    } finally {
      await app.close();
    }
  });
});

describe('outbox mailer (the default)', () => {
  it('keeps the e-mail in the outbox and logs who got it, never the link or its token', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://tavolo.test' });
    const app = await buildApp({ config, database, logger: { level: 'info', stream } });
    try {
      const owner = await registerOwner(app);
      await injectApi(app, authEndpoints.forgotPassword, { body: { email: owner.email } });
      const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.email));
      const token = tokenIn(mail!.body);
      expect(token.length).toBeGreaterThan(20);

      const logged = lines.map((line) => JSON.parse(line) as { msg: string; mail?: unknown });
      const entry = logged.find((line) => line.msg === 'e-mail written to outbox');
      expect(entry?.mail).toEqual({ to: owner.email, subject: 'Reset your Tavolo password' });
      const everything = lines.join('\n');
      expect(everything).not.toContain(token);
      expect(everything).not.toContain(encodeURIComponent(token));
      expect(everything).not.toContain('reset-password?token=');
    } finally {
      await app.close();
    }
  });
});

describe('an e-mail with attachments', () => {
  it('keeps its text in the outbox, not its files, and the log names the files left out', async () => {
    const logged: { obj: unknown; msg: string }[] = [];
    const log = { info: (obj: unknown, msg: string) => logged.push({ obj, msg }) };
    const outbox = createOutboxMailer(database.db, log as unknown as FastifyBaseLogger);
    await outbox.send({
      to: 'guest@tavolo.test',
      subject: 'Your receipt 2026-000123 from Trattoria Uno',
      text: 'Your receipt is attached.',
      attachments: [
        {
          filename: 'receipt-2026-000123.pdf',
          content: Buffer.from('%PDF-1.3'),
          contentType: 'application/pdf',
        },
      ],
    });
    const kept = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'guest@tavolo.test'));
    expect(kept).toMatchObject([
      { subject: 'Your receipt 2026-000123 from Trattoria Uno', body: 'Your receipt is attached.' },
    ]);
    expect(logged).toEqual([
      {
        msg: 'e-mail written to outbox',
        obj: {
          mail: {
            to: 'guest@tavolo.test',
            subject: 'Your receipt 2026-000123 from Trattoria Uno',
            attachmentsLeftOut: ['receipt-2026-000123.pdf'],
          },
        },
      },
    ]);
  });
});
