import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { SANDBOX_SIGNATURE_HEADER, ZSandboxWebhookEvent } from '@tavolo/contract/payments';
import { AppError } from '../../core/app-error';
import {
  invalidSignature,
  type PaymentProvider,
  type ProviderEvent,
  WEBHOOK_TOLERANCE_SECONDS,
  type WebhookHeaders,
} from '../money/payment-provider';

export const SANDBOX = 'sandbox';

/** The sandbox charges 1.5%: 150 basis points. */
const FEE_BASIS_POINTS = 150;

const SIGNATURE = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/;

/** The sandbox provider, with what only it has: signing its own webhooks. */
export type SandboxProvider = PaymentProvider & {
  /** The signature header's value for `rawBody` signed at `now`. */
  sign(rawBody: Buffer | string, now?: Date): string;
};

function hmac(secret: string, timestamp: number, rawBody: Buffer | string): Buffer {
  return createHmac('sha256', secret)
    .update(`${timestamp}.`)
    .update(typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody)
    .digest();
}

/**
 * The built-in provider: its checkout is a page of Tavolo's web app (/pay/sandbox/{paymentId}) and
 * its webhook is signed like Stripe's: `tavolo-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>">` with a secret only Tavolo knows.
 */
export function createSandboxProvider(options: { secret: string }): SandboxProvider {
  const { secret } = options;
  return {
    name: SANDBOX,

    async createCheckout({ paymentId }) {
      return { checkoutUrl: `/pay/sandbox/${paymentId}`, reference: `sandbox_${paymentId}` };
    },

    sign(rawBody, now = new Date()) {
      const timestamp = Math.floor(now.getTime() / 1000);
      return `t=${timestamp},v1=${hmac(secret, timestamp, rawBody).toString('hex')}`;
    },

    verifyWebhook(rawBody, headers: WebhookHeaders, now = new Date()) {
      const header = headers[SANDBOX_SIGNATURE_HEADER];
      if (typeof header !== 'string') throw invalidSignature('The webhook is not signed');
      const match = SIGNATURE.exec(header.trim());
      if (!match) throw invalidSignature('The webhook signature is malformed');
      const timestamp = Number(match[1]);
      const age = Math.floor(now.getTime() / 1000) - timestamp;
      if (Math.abs(age) > WEBHOOK_TOLERANCE_SECONDS)
        throw invalidSignature('The webhook signature is too old or from the future');
      const expected = hmac(secret, timestamp, rawBody);
      const given = Buffer.from(match[2]!, 'hex');
      // Both are 32 bytes (the pattern asks for 64 hex digits); compared in constant time.
      if (!timingSafeEqual(expected, given)) throw invalidSignature('The webhook signature does not match');
    },

    parseWebhookEvent(rawBody): ProviderEvent {
      let json: unknown;
      try {
        json = JSON.parse(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8'));
      } catch {
        throw new AppError('MALFORMED_REQUEST', 'The webhook body is not valid JSON');
      }
      const parsed = ZSandboxWebhookEvent.safeParse(json);
      if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'The webhook body is not a sandbox event');
      const event = parsed.data;
      return {
        eventId: event.id,
        paymentId: event.paymentId,
        outcome: event.type === 'payment.succeeded' ? 'succeeded' : 'failed',
        amountMinor: event.amountMinor,
        currency: event.currency,
      };
    },

    /**
     * 1.5% rounded half up, in integers: floor((amount × 150 + 5000) / 10000). For the positive
     * amounts payments have, this is Math.round(amount × 0.015) without the binary-fraction doubt:
     * 100 → 2 (1.5 rounds up), 1000 → 15, 1234 → 19 (18.51).
     */
    feeMinor(amountMinor) {
      return Math.floor((amountMinor * FEE_BASIS_POINTS + 5000) / 10000);
    },
  };
}

/** A sandbox event's body as the sandbox sends it, with a fresh event id. */
export function sandboxEventBody(input: {
  paymentId: string;
  outcome: 'succeeded' | 'failed';
  amountMinor: number;
  currency: string;
  now?: Date;
}): string {
  const event = ZSandboxWebhookEvent.parse({
    id: `evt_${randomUUID()}`,
    type: input.outcome === 'succeeded' ? 'payment.succeeded' : 'payment.failed',
    paymentId: input.paymentId,
    amountMinor: input.amountMinor,
    currency: input.currency,
    createdAt: (input.now ?? new Date()).toISOString(),
  });
  return JSON.stringify(event);
}

export function isSandboxProvider(provider: PaymentProvider): provider is SandboxProvider {
  return provider.name === SANDBOX && 'sign' in provider;
}
