import type { TStation } from '@tavolo/contract/kitchen';
import { fakeId } from './menu-fixtures';

/** A station as GET /api/stations answers it: not the default one, no printer. */
export function fakeStation(overrides: Partial<TStation> = {}): TStation {
  return { id: fakeId(), name: 'Bar', printer: null, isDefault: false, ...overrides };
}

/** Every restaurant's Kitchen: the default station. */
export function fakeKitchen(overrides: Partial<TStation> = {}): TStation {
  return fakeStation({ name: 'Kitchen', isDefault: true, ...overrides });
}
