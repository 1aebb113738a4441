import { categoriesEndpoints, menuEndpoints, type TGuestMenu } from '@tavolo/contract/menu';
import type { RouteRegistrar } from '../../http/route';
import {
  changeCategory,
  createCategory,
  listCategories,
  removeCategory,
  reorderCategories,
} from './categories.service';
import { encodeGuestMenu } from './guest-menu-cache';
import {
  changeMenuItem,
  createMenuItem,
  getGuestMenuBody,
  getMenuItem,
  getTodayMenu,
  listMenuItems,
  removeMenuItem,
  setSoldOut,
  setStock,
} from './menu.service';

export function registerMenuRoutes(route: RouteRegistrar) {
  // Public: what a guest's phone loads after scanning a table's code.
  route(menuEndpoints.guestMenu, async (ctx, request, reply) => {
    const entry = await getGuestMenuBody(ctx, request.query, request.headers['accept-language']);
    // Its language follows Accept-Language (unless `lang` chose): a shared cache must keep one per value.
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding, accept-language');
    const encoded = encodeGuestMenu(entry, request.headers['accept-encoding']);
    // Ready-made bodies (the schema still documents them): sent as they are, never serialized again.
    if (encoded)
      return reply.header('content-encoding', encoded.encoding).send(encoded.body as unknown as TGuestMenu);
    return reply.send(entry.json as unknown as TGuestMenu);
  });

  route(menuEndpoints.listMenuItems, async (ctx) => ({ items: await listMenuItems(ctx) }));
  route(menuEndpoints.todayMenu, (ctx) => getTodayMenu(ctx));
  route(menuEndpoints.getMenuItem, (ctx, { params }) => getMenuItem(ctx, params));
  route(menuEndpoints.createMenuItem, (ctx, { body }) => createMenuItem(ctx, body));
  route(menuEndpoints.updateMenuItem, (ctx, { params, body }) =>
    changeMenuItem(ctx, { id: params.id, changes: body }),
  );
  route(menuEndpoints.setSoldOut, (ctx, { params, body }) =>
    setSoldOut(ctx, { id: params.id, soldOut: body.soldOut }),
  );
  route(menuEndpoints.setStock, (ctx, { params, body }) =>
    setStock(ctx, { id: params.id, count: body.count }),
  );
  route(menuEndpoints.deleteMenuItem, (ctx, { params }) => removeMenuItem(ctx, params));

  route(categoriesEndpoints.listCategories, async (ctx) => ({ items: await listCategories(ctx) }));
  route(categoriesEndpoints.createCategory, (ctx, { body }) => createCategory(ctx, body));
  route(categoriesEndpoints.reorderCategories, async (ctx, { body }) => ({
    items: await reorderCategories(ctx, body),
  }));
  route(categoriesEndpoints.updateCategory, (ctx, { params, body }) =>
    changeCategory(ctx, { id: params.id, changes: body }),
  );
  route(categoriesEndpoints.deleteCategory, (ctx, { params }) => removeCategory(ctx, params));
}
