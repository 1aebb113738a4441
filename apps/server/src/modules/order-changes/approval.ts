import type { TPermission } from '@tavolo/contract/permissions';
import { AppError } from '../../core/app-error';
import type { StaffContext } from '../../core/context';
import type { AuditPerson } from '../audit/audit-log';
import { findApproverByPin, hasPinHolderWith } from '../staff/approval-pins';

/*
 * Who approves an action that needs a permission (PRODUCT.md §9): the caller, holding it; or else a
 * colleague holding it, by typing their PIN on the caller's phone. Wrong PINs count against the
 * restaurant's limit (429 past it; decision 030).
 */

/**
 * Null when the caller holds `permission` (any PIN sent is ignored); the approver when `approvalPin`
 * is the PIN of an active member of the restaurant whose role holds it. 403 APPROVAL_REQUIRED
 * without a PIN, 403 APPROVAL_REFUSED for any other PIN, 429 past the limit. Call it with `ctx.db`
 * outside any transaction: a wrong PIN stays counted when the request fails.
 */
export async function approveAction(
  ctx: StaffContext,
  input: { permission: TPermission; approvalPin: string | undefined; what: string },
): Promise<AuditPerson | null> {
  const { principal } = ctx;
  if (principal.permissions.has(input.permission)) return null;
  if (input.approvalPin === undefined) {
    // Said apart, so the PIN sheet can tell the waiter no PIN would do (PRODUCT.md §9).
    if (!(await hasPinHolderWith(ctx.db, principal.restaurantId, input.permission))) {
      throw new AppError(
        'APPROVAL_REQUIRED',
        `${input.what} needs ${input.permission}, and no colleague who holds it has set an approval PIN yet: a manager sets one under Staff`,
        { approvalPin: `is required without ${input.permission}`, approvers: 'none has set a PIN' },
      );
    }
    throw new AppError(
      'APPROVAL_REQUIRED',
      `${input.what} needs ${input.permission}: ask a colleague who holds it to type their PIN`,
      { approvalPin: `is required without ${input.permission}` },
    );
  }
  const approver = await findApproverByPin(ctx.db, {
    restaurantId: principal.restaurantId,
    pin: input.approvalPin,
    permission: input.permission,
  });
  if (!approver) {
    throw new AppError(
      'APPROVAL_REFUSED',
      `This PIN does not approve it: it must be the PIN of a colleague who holds ${input.permission}`,
      { approvalPin: `is not the PIN of an active colleague holding ${input.permission}` },
    );
  }
  return approver;
}
