import { describe, expect, it } from 'vitest';
import { API_ENDPOINTS } from '../api';
import type { Route } from '../endpoint';
import * as audit from './audit';
import * as auth from './auth';
import * as backups from './backups';
import * as dashboard from './dashboard';
import * as devices from './devices';
import * as floor from './floor';
import * as health from './health';
import * as kitchen from './kitchen';
import * as menu from './menu';
import * as menuImport from './menu-import';
import * as orderChanges from './order-changes';
import * as orders from './orders';
import * as payments from './payments';
import * as receipts from './receipts';
import * as restaurants from './restaurants';
import * as reviews from './reviews';
import * as staff from './staff';
import * as tableService from './table-service';
import * as tables from './tables';
import * as taxes from './taxes';
import * as uploads from './uploads';
import * as wallet from './wallet';

const MODULES = [
  audit,
  auth,
  backups,
  dashboard,
  devices,
  floor,
  health,
  kitchen,
  menu,
  menuImport,
  orderChanges,
  orders,
  payments,
  receipts,
  restaurants,
  reviews,
  staff,
  tableService,
  tables,
  taxes,
  uploads,
  wallet,
];

describe('client route tables', () => {
  it('hold every endpoint of the API with its method and path, and nothing else', () => {
    const routes: Record<string, Route> = {};
    for (const module of MODULES) {
      for (const [name, table] of Object.entries(module)) {
        if (name.endsWith('Routes')) Object.assign(routes, table);
      }
    }
    const expected = Object.fromEntries(
      Object.entries(API_ENDPOINTS).map(([id, endpoint]) => [
        id,
        { method: endpoint.method, path: endpoint.path },
      ]),
    );
    expect(routes).toEqual(expected);
  });
});
