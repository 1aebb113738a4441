import type { Config } from '../../config';
import { generateToken } from '../../security/tokens';
import type { PaymentProvider } from '../money/payment-provider';
import { createSandboxProvider } from './sandbox-provider';

/**
 * Every provider Tavolo can take online payments through, by its PAYMENT_PROVIDER name. A real one
 * (Stripe, Paystack) is a file implementing PaymentProvider, its name in config.ts's
 * PAYMENT_PROVIDER and its settings there, and one line here; the compiler asks for the line.
 */
const PROVIDERS: Record<Config['paymentProvider'], (config: Config) => PaymentProvider> = {
  // Without a configured secret each instance signs with its own: one instance only (docs/payments.md).
  sandbox: (config) => createSandboxProvider({ secret: config.sandboxWebhookSecret ?? generateToken() }),
};

/** The configured provider, made once when the app is built. */
export function createPaymentProvider(config: Config): PaymentProvider {
  return PROVIDERS[config.paymentProvider](config);
}
