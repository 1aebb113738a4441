import { DEVICE_COOKIE, devicesEndpoints } from '@tavolo/contract/devices';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { refuseCrossOrigin, SESSION_COOKIE } from '../../http/authenticate';
import type { RouteRegistrar } from '../../http/route';
import { sendSession } from '../auth/session-reply';
import { describeDevice, forgetDevice, listDeviceStaff, markDevice, switchUser } from './devices.service';

/** A device cookie outlives any session: browsers keep a cookie 400 days at most. */
const DEVICE_COOKIE_DAYS = 400;

const deviceTokenOf = (request: FastifyRequest) => request.cookies?.[DEVICE_COOKIE];

export function registerDevicesRoutes(route: RouteRegistrar, config: Config) {
  route(devicesEndpoints.markDevice, async (ctx, request, reply) => {
    const { device, token } = await markDevice(ctx, {
      ...request.body,
      presentedToken: deviceTokenOf(request),
    });
    reply.setCookie(DEVICE_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secureCookies,
      path: '/',
      maxAge: DEVICE_COOKIE_DAYS * 86_400,
    });
    return device;
  });

  route(devicesEndpoints.getCurrentDevice, (ctx, request) => describeDevice(ctx, deviceTokenOf(request)));
  route(devicesEndpoints.listDeviceStaff, (ctx, request) => listDeviceStaff(ctx, deviceTokenOf(request)));

  route(devicesEndpoints.switchUser, async (ctx, request, reply) => {
    // The device cookie authenticates it: like a signed-in write, it must come from our own origin.
    refuseCrossOrigin(request);
    const session = await switchUser(ctx, {
      ...request.body,
      deviceToken: deviceTokenOf(request),
      sessionToken: request.cookies?.[SESSION_COOKIE],
    });
    return sendSession(config, request, reply, session, 200);
  });

  route(devicesEndpoints.forgetDevice, async (ctx, request, reply) => {
    await forgetDevice(ctx, deviceTokenOf(request));
    reply.clearCookie(DEVICE_COOKIE, { path: '/' });
  });
}
