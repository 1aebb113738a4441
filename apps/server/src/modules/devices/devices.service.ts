import {
  DEVICE_LOCK_MINUTES_DEFAULT,
  DEVICE_PIN_ATTEMPTS_PER_DEVICE,
  DEVICE_PIN_ATTEMPTS_PER_PERSON,
  DEVICE_PIN_WINDOW_SECONDS,
  type TCurrentDevice,
  type TDevice,
  type TDeviceStaff,
  type TMarkDeviceRequest,
  type TSwitchUserRequest,
} from '@tavolo/contract/devices';
import { AppError, notFound } from '../../core/app-error';
import type { ServiceContext, StaffContext } from '../../core/context';
import { countGuess } from '../../core/rate-limit';
import { generateToken, hashToken } from '../../security/tokens';
import { auditActorOf, recordAudit } from '../audit/audit-log';
import { endSessionOfToken, type NewSession, openStaffSession } from '../auth/auth.service';
import { findActiveMemberByPin, findMemberWithPin, listMembersWithPin } from '../staff/approval-pins';
import { type DeviceRow, deleteDevice, findDeviceByTokenHash, insertDevice } from './devices.repository';

/*
 * Shared devices (PRODUCT.md §9): a browser marked once by an owner or a manager, on which staff
 * switch in by name and PIN. The device cookie is the credential of the three device calls; a
 * PIN is checked by the staff module's one check (findActiveMemberByPin), with limits of its own:
 * per person (a colleague cannot be guessed) and per device (nor everyone in turn).
 */

const DEFAULT_NAME = 'Shared device';

function toDevice(row: DeviceRow): TDevice {
  return {
    id: row.id,
    name: row.name,
    lockMinutes: row.lockMinutes,
    restaurant: { id: row.restaurantId, name: row.restaurantName },
    createdAt: row.createdAt.toISOString(),
  };
}

/** The device behind a cookie's token; 404 without one (this browser is not a shared device). */
async function deviceOf(ctx: ServiceContext, token: string | undefined): Promise<DeviceRow> {
  const device = token ? await findDeviceByTokenHash(ctx.db, hashToken(token)) : undefined;
  if (!device) throw notFound('Shared device');
  return device;
}

/**
 * Marks the caller's browser as a shared device of their restaurant: a new device and its token
 * (for the cookie). A device the browser already was for this restaurant is forgotten, so one
 * browser is one device.
 */
export async function markDevice(
  ctx: StaffContext,
  input: TMarkDeviceRequest & { presentedToken: string | undefined },
): Promise<{ device: TDevice; token: string }> {
  const { db, principal } = ctx;
  const token = generateToken();
  const previous = input.presentedToken
    ? await findDeviceByTokenHash(db, hashToken(input.presentedToken))
    : undefined;
  const name = input.name ?? DEFAULT_NAME;
  const lockMinutes = input.lockMinutes ?? DEVICE_LOCK_MINUTES_DEFAULT;
  const id = await db.transaction(async (tx) => {
    if (previous?.restaurantId === principal.restaurantId)
      await deleteDevice(tx, principal.restaurantId, previous.id);
    const deviceId = await insertDevice(tx, {
      restaurantId: principal.restaurantId,
      tokenHash: hashToken(token),
      name,
      lockMinutes,
      createdBy: principal.userId,
    });
    await recordAudit(tx, principal.restaurantId, {
      kind: 'device.marked',
      actor: auditActorOf(principal),
      details: { deviceId, deviceName: name, lockMinutes },
    });
    return deviceId;
  });
  const device = await findDeviceByTokenHash(db, hashToken(token));
  if (!device || device.id !== id) throw notFound('Shared device');
  return { device: toDevice(device), token };
}

/** The device this browser is, or null: every page of the dashboard asks. */
export async function describeDevice(
  ctx: ServiceContext,
  token: string | undefined,
): Promise<TCurrentDevice> {
  const device = token ? await findDeviceByTokenHash(ctx.db, hashToken(token)) : undefined;
  return { device: device ? toDevice(device) : null };
}

/** Who may switch in on the device: its restaurant's active members with a PIN. */
export async function listDeviceStaff(ctx: ServiceContext, token: string | undefined): Promise<TDeviceStaff> {
  const device = await deviceOf(ctx, token);
  return { items: await listMembersWithPin(ctx.db, device.restaurantId) };
}

/**
 * Signs `staffId` in on the device when `pin` is theirs: a normal staff session, and the session
 * the browser held before ends. 404 for anyone not active with a PIN in the device's restaurant;
 * a wrong PIN is counted (per person and per device, before it is checked: 429 past either
 * limit), written to the audit log and answered 401.
 */
export async function switchUser(
  ctx: ServiceContext,
  input: TSwitchUserRequest & { deviceToken: string | undefined; sessionToken: string | undefined },
): Promise<NewSession> {
  const { db, config } = ctx;
  const device = await deviceOf(ctx, input.deviceToken);
  const member = await findMemberWithPin(db, device.restaurantId, input.staffId);
  if (!member) throw notFound('Staff member');
  const windowSeconds = DEVICE_PIN_WINDOW_SECONDS;
  const person = await countGuess(db, {
    key: `device-pin:staff:${member.id}`,
    limit: DEVICE_PIN_ATTEMPTS_PER_PERSON,
    windowSeconds,
  });
  const onDevice = await countGuess(db, {
    key: `device-pin:device:${device.id}`,
    limit: DEVICE_PIN_ATTEMPTS_PER_DEVICE,
    windowSeconds,
  });
  const where = { deviceId: device.id, deviceName: device.name };
  const owner = await findActiveMemberByPin(db, device.restaurantId, input.pin);
  if (owner?.id !== member.id) {
    await recordAudit(db, device.restaurantId, {
      kind: 'device.switch_refused',
      actor: { id: member.id, name: member.name },
      reason: 'wrong_pin',
      details: where,
    });
    throw new AppError('LOGIN_FAILED', 'Incorrect PIN', { pin: 'is not this person’s PIN' });
  }
  await person.forgive();
  await onDevice.forgive();
  return db.transaction(async (tx) => {
    if (input.sessionToken) await endSessionOfToken(tx, input.sessionToken);
    const session = await openStaffSession(tx, config, {
      staffId: member.id,
      restaurantId: device.restaurantId,
    });
    await recordAudit(tx, device.restaurantId, {
      kind: 'device.switched',
      actor: { id: member.id, name: member.name },
      details: where,
    });
    return session;
  });
}

/** Forgets the device behind the cookie, when it is one of the caller's restaurant (else 404). */
export async function forgetDevice(ctx: StaffContext, token: string | undefined): Promise<void> {
  const { db, principal } = ctx;
  const device = await deviceOf(ctx, token);
  if (device.restaurantId !== principal.restaurantId) throw notFound('Shared device');
  await db.transaction(async (tx) => {
    if (!(await deleteDevice(tx, principal.restaurantId, device.id))) throw notFound('Shared device');
    await recordAudit(tx, principal.restaurantId, {
      kind: 'device.forgotten',
      actor: auditActorOf(principal),
      details: { deviceId: device.id, deviceName: device.name },
    });
  });
}
