import type { TStatusChange } from '@tavolo/contract/orders';
import type { Db } from '../../db/client';
import type { Principal } from '../../http/auth';
import { findAccountById } from './auth.repository';

/** Who is acting, as order histories and payments record it. */
export async function describeActor(db: Db, principal: Principal): Promise<TStatusChange['by']> {
  const account = await findAccountById(db, principal.userType, principal.userId);
  return {
    type: principal.userType,
    id: principal.userId,
    name: account?.name ?? (principal.userType === 'owner' ? 'Owner' : 'Staff'),
  };
}
