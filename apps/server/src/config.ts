import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The environment as variables, turned into the shape the app reads: the one source of `Config`. */
const ZConfig = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8001),
    HOST: z.string().default('0.0.0.0'),
    TAVOLO_DATA_DIR: z.string().default('./data'),
    /** Where backups go; unset, beside the data directory: ./data-backups for ./data. */
    TAVOLO_BACKUP_DIR: z.string().optional(),
    /** Hours between automatic backups of the embedded database; 0 turns them off. */
    TAVOLO_BACKUP_HOURS: z.coerce
      .number()
      .min(0)
      // A timer waits at most 24.8 days.
      .max(24 * 24)
      .default(24),
    /** How many backups the backup directory keeps; the oldest go first. */
    TAVOLO_BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(14),
    DATABASE_URL: z.string().url().optional(),
    PUBLIC_URL: z.string().url().optional(),
    SESSION_TTL_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 90)
      .default(24 * 7),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Set when behind a load balancer so request.ip is the client's. */
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')),
    LOGIN_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
    LOGIN_LIMIT_PER_IP: z.coerce.number().int().positive().default(50),
    RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(600),
    ORDER_LIMIT_PER_TABLE: z.coerce.number().int().positive().default(30),
    /** Seconds between heartbeats on live streams (at most 15 so proxies keep them open). */
    LIVE_HEARTBEAT_SECONDS: z.coerce.number().positive().max(15).default(15),
    /** Send e-mail through this server (smtp://user:pass@host:587, smtps:// for implicit TLS). */
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
    /** The sender of e-mail: an address, or `Name <address>`. */
    MAIL_FROM: z.string().min(3).optional(),
    /** Which payment provider takes online payments (modules/online-payments/providers.ts). */
    PAYMENT_PROVIDER: z.enum(['sandbox']).default('sandbox'),
    /**
     * The sandbox provider's webhook signing secret. Unset, each instance makes a random one at start,
     * which is fine for one instance; several instances must share one.
     */
    SANDBOX_WEBHOOK_SECRET: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  })
  .transform((e) => {
    const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
    const dataDir = path.resolve(e.TAVOLO_DATA_DIR);
    return {
      env: e.NODE_ENV,
      port: e.PORT,
      host: e.HOST,
      dataDir,
      databaseUrl: e.DATABASE_URL,
      backups: {
        dir: path.resolve(e.TAVOLO_BACKUP_DIR ?? `${dataDir}-backups`),
        /** null: no automatic backups. */
        intervalMs: e.TAVOLO_BACKUP_HOURS === 0 ? null : Math.round(e.TAVOLO_BACKUP_HOURS * 3_600_000),
        keep: e.TAVOLO_BACKUP_KEEP,
      },
      publicUrl,
      sessionTtlHours: e.SESSION_TTL_HOURS,
      logLevel: e.LOG_LEVEL,
      trustProxy: e.TRUST_PROXY,
      webDistDir: path.resolve(e.WEB_DIST_DIR),
      secureCookies: publicUrl.startsWith('https://'),
      liveHeartbeatMs: e.LIVE_HEARTBEAT_SECONDS * 1000,
      rateLimits: {
        loginPerAccount: e.LOGIN_LIMIT_PER_ACCOUNT,
        loginPerIp: e.LOGIN_LIMIT_PER_IP,
        ordersPerTable: e.ORDER_LIMIT_PER_TABLE,
        windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
      },
      /** Unset: e-mail stays in the outbox table. */
      smtpUrl: e.SMTP_URL,
      mailFrom: e.MAIL_FROM ?? `Tavolo <no-reply@${new URL(publicUrl).hostname}>`,
      paymentProvider: e.PAYMENT_PROVIDER,
      /** Unset: the provider registry makes a random one for this instance. */
      sandboxWebhookSecret: e.SANDBOX_WEBHOOK_SECRET,
    };
  });

export type Config = z.output<typeof ZConfig>;

/** Parses the environment once; nothing else reads process.env. Fails fast with a readable message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (DATABASE_URL=) means "not set", as in most shells' .env conventions.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = ZConfig.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  return parsed.data;
}
