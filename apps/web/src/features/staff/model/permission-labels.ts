import type { TPermission } from '@tavolo/contract/permissions';
import { t } from '../../../lib/i18n/i18n';

/*
 * The permission catalogue (packages/contract/src/values/permissions.ts) names its areas and
 * permissions in English; the roles editor says them in the person's language.
 */

/** The permission in plain words, as the roles editor shows it ("Edit the menu and its categories"). */
export function permissionLabel(permission: TPermission): string {
  switch (permission) {
    case 'dashboard.view':
      return t('staff.permission.dashboardView');
    case 'orders.view':
      return t('staff.permission.ordersView');
    case 'orders.create':
      return t('staff.permission.ordersCreate');
    case 'orders.manage':
      return t('staff.permission.ordersManage');
    case 'orders.void':
      return t('staff.permission.ordersVoid');
    case 'orders.discount':
      return t('staff.permission.ordersDiscount');
    case 'audit.view':
      return t('staff.permission.auditView');
    case 'menu.manage':
      return t('staff.permission.menuManage');
    case 'menu.availability':
      return t('staff.permission.menuAvailability');
    case 'tables.manage':
      return t('staff.permission.tablesManage');
    case 'staff.manage':
      return t('staff.permission.staffManage');
    case 'roles.manage':
      return t('staff.permission.rolesManage');
    case 'payments.view':
      return t('staff.permission.paymentsView');
    case 'payments.take':
      return t('staff.permission.paymentsTake');
    case 'payments.manage':
      return t('staff.permission.paymentsManage');
    case 'wallet.view':
      return t('staff.permission.walletView');
    case 'wallet.withdraw':
      return t('staff.permission.walletWithdraw');
    case 'settlement.manage':
      return t('staff.permission.settlementManage');
    case 'reviews.view':
      return t('staff.permission.reviewsView');
    case 'settings.manage':
      return t('staff.permission.settingsManage');
  }
}

/** An area of the catalogue (PERMISSION_GROUPS' `area`); one it does not know, as the catalogue has it. */
export function permissionAreaLabel(area: string): string {
  switch (area) {
    case 'Overview':
      return t('staff.permissionArea.overview');
    case 'Orders':
      return t('staff.permissionArea.orders');
    case 'Menu':
      return t('staff.permissionArea.menu');
    case 'Tables':
      return t('staff.permissionArea.tables');
    case 'Team':
      return t('staff.permissionArea.team');
    case 'Money':
      return t('staff.permissionArea.money');
    case 'Reviews':
      return t('staff.permissionArea.reviews');
    case 'Settings':
      return t('staff.permissionArea.settings');
    default:
      return area;
  }
}
