import type { TTaxPart, TTaxRate } from '@tavolo/contract/taxes';
import { fakeId } from './menu-fixtures';

/** A tax rate as GET /api/tax-rates answers it: 10 %, not the default. */
export function fakeTaxRate(overrides: Partial<TTaxRate> = {}): TTaxRate {
  return { id: fakeId(), name: 'Food', rateBasisPoints: 1000, isDefault: false, ...overrides };
}

/** An amount's tax at a rate, prices including it (round half up, as the server computes it). */
export function includedTax(name: string, rateBasisPoints: number, grossMinor: number): TTaxPart {
  const taxMinor = Math.round((grossMinor * rateBasisPoints) / (10_000 + rateBasisPoints));
  return { name, rateBasisPoints, netMinor: grossMinor - taxMinor, taxMinor };
}
