import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  it('turns variables into the shape the app reads', () => {
    const config = loadConfig({ LIVE_HEARTBEAT_SECONDS: '5', LOGIN_LIMIT_PER_IP: '7', TRUST_PROXY: 'true' });
    expect(config.liveHeartbeatMs).toBe(5000);
    expect(config.rateLimits).toMatchObject({ loginPerIp: 7, loginPerAccount: 10 });
    expect(config.trustProxy).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:8001');
  });

  it('keeps e-mail in the outbox unless SMTP_URL is set, and sends it from PUBLIC_URL’s host', () => {
    const plain = loadConfig({});
    expect(plain.smtpUrl).toBeUndefined();
    expect(plain.mailFrom).toBe('Tavolo <no-reply@localhost>');
    const real = loadConfig({
      SMTP_URL: 'smtps://user:secret@mail.example.com:465',
      PUBLIC_URL: 'https://orders.example.com/',
    });
    expect(real.smtpUrl).toBe('smtps://user:secret@mail.example.com:465');
    expect(real.mailFrom).toBe('Tavolo <no-reply@orders.example.com>');
    expect(loadConfig({ MAIL_FROM: 'Trattoria <hello@example.com>' }).mailFrom).toBe(
      'Trattoria <hello@example.com>',
    );
  });

  it('refuses an SMTP_URL that is not smtp:// or smtps://, saying which variable', () => {
    expect(() => loadConfig({ SMTP_URL: 'https://mail.example.com' })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
    expect(() => loadConfig({ SMTP_URL: 'mail.example.com' })).toThrow(/SMTP_URL/);
  });

  it('takes online payments through the sandbox unless told otherwise', () => {
    const plain = loadConfig({});
    expect(plain.paymentProvider).toBe('sandbox');
    expect(plain.sandboxWebhookSecret).toBeUndefined();
    const shared = loadConfig({ SANDBOX_WEBHOOK_SECRET: 'a shared secret of the instances' });
    expect(shared.sandboxWebhookSecret).toBe('a shared secret of the instances');
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER/);
    expect(() => loadConfig({ SANDBOX_WEBHOOK_SECRET: 'short' })).toThrow(
      /SANDBOX_WEBHOOK_SECRET: must be at least 16 characters/,
    );
  });

  it('backs the embedded database up every 24 hours beside its directory, keeping 14, unless told otherwise', () => {
    const plain = loadConfig({ TAVOLO_DATA_DIR: '/srv/tavolo/data' });
    expect(plain.backups).toEqual({ dir: '/srv/tavolo/data-backups', intervalMs: 24 * 3_600_000, keep: 14 });
    const told = loadConfig({
      TAVOLO_DATA_DIR: '/srv/tavolo/data',
      TAVOLO_BACKUP_DIR: '/mnt/backups/tavolo',
      TAVOLO_BACKUP_HOURS: '6.5',
      TAVOLO_BACKUP_KEEP: '30',
    });
    expect(told.backups).toEqual({ dir: '/mnt/backups/tavolo', intervalMs: 6.5 * 3_600_000, keep: 30 });
    expect(loadConfig({ TAVOLO_BACKUP_HOURS: '0' }).backups.intervalMs).toBeNull();
  });

  it('refuses backup settings that cannot work, saying which variable', () => {
    expect(() => loadConfig({ TAVOLO_BACKUP_HOURS: '-1' })).toThrow(/TAVOLO_BACKUP_HOURS/);
    expect(() => loadConfig({ TAVOLO_BACKUP_HOURS: 'daily' })).toThrow(/TAVOLO_BACKUP_HOURS/);
    // Past 24 days a timer cannot wait that long.
    expect(() => loadConfig({ TAVOLO_BACKUP_HOURS: String(25 * 24) })).toThrow(/TAVOLO_BACKUP_HOURS/);
    expect(() => loadConfig({ TAVOLO_BACKUP_KEEP: '0' })).toThrow(/TAVOLO_BACKUP_KEEP/);
    expect(() => loadConfig({ TAVOLO_BACKUP_KEEP: '2.5' })).toThrow(/TAVOLO_BACKUP_KEEP/);
  });
});
