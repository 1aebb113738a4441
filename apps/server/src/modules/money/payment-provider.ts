import { AppError } from '../../core/app-error';

/** What Tavolo asks a provider for when a payer starts paying an order online. */
export type CheckoutRequest = {
  /** Tavolo's payment id: the provider carries it back in its webhook. */
  paymentId: string;
  amountMinor: number;
  /** ISO 4217. */
  currency: string;
  /** What the payer sees on the provider's page ("Trattoria Uno, order #12"). */
  description: string;
  /** Where the provider's page sends the payer back to (a path in this app). */
  returnUrl: string;
};

/** The provider's page for the payment and the provider's own id for it. */
export type ProviderCheckout = { checkoutUrl: string; reference: string };

/** A webhook's headers as Node gives them. */
export type WebhookHeaders = Record<string, string | string[] | undefined>;

/** A provider's notification, in Tavolo's terms. */
export type ProviderEvent = {
  /** The provider's id of the event: a replay of one id changes nothing. */
  eventId: string;
  paymentId: string;
  outcome: 'succeeded' | 'failed';
  amountMinor: number;
  currency: string;
};

/**
 * One payment provider behind Tavolo's online payments (docs/payments.md). The built-in `sandbox`
 * implements it; a real provider (Stripe, Paystack) is a file implementing it and one line in
 * providers.ts.
 */
export interface PaymentProvider {
  /** Its name in PAYMENT_PROVIDER and in the webhook's path (/api/payments/webhooks/{name}). */
  readonly name: string;
  /** Opens a checkout at the provider for one payment. */
  createCheckout(request: CheckoutRequest): Promise<ProviderCheckout>;
  /**
   * Checks a webhook's signature over the raw body bytes, exactly as they arrived, before anything
   * reads them. Throws AppError 400 INVALID_SIGNATURE when unsigned, malformed, wrongly signed, or
   * signed more than 5 minutes before or after `now`.
   */
  verifyWebhook(rawBody: Buffer | string, headers: WebhookHeaders, now?: Date): void;
  /** Reads a verified webhook's body; throws AppError 400 when it is not an event Tavolo knows. */
  parseWebhookEvent(rawBody: Buffer | string): ProviderEvent;
  /** The provider's fee on a payment of `amountMinor`, in the same minor units. */
  feeMinor(amountMinor: number): number;
}

/** How far a webhook's signing time may be from ours, either way. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

export const invalidSignature = (message = 'The webhook signature is missing or invalid') =>
  new AppError('INVALID_SIGNATURE', message);
