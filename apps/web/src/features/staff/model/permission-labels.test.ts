import { PERMISSION_GROUPS, PERMISSIONS } from '@tavolo/contract/values/permissions';
import { describe, expect, it } from 'vitest';
import { permissionAreaLabel, permissionLabel } from './permission-labels';

describe('the permission labels', () => {
  it('say every area and permission of the catalogue, in English as the catalogue words them', () => {
    const grouped = PERMISSION_GROUPS.flatMap((group) => group.permissions.map((entry) => entry.permission));
    expect([...grouped].sort()).toEqual([...PERMISSIONS].sort());
    for (const group of PERMISSION_GROUPS) {
      expect(permissionAreaLabel(group.area)).toBe(group.area);
      for (const { permission, label } of group.permissions) expect(permissionLabel(permission)).toBe(label);
    }
  });

  it('knows each area by name, so that a new one is noticed', () => {
    const areas = PERMISSION_GROUPS.map((group) => group.area);
    expect(areas).toEqual(['Overview', 'Orders', 'Menu', 'Tables', 'Team', 'Money', 'Reviews', 'Settings']);
  });
});
