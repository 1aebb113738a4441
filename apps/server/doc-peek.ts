import { ZTimezone } from '@tavolo/contract/common';
import { ZDateBound } from '@tavolo/contract/orders';
import { ZUpdateRestaurantRequest } from '@tavolo/contract/restaurants';
import { ZCreateSettlementAccountRequest } from '@tavolo/contract/wallet';
import { z } from 'zod';

for (const s of [ZDateBound, ZTimezone, ZCreateSettlementAccountRequest, ZUpdateRestaurantRequest])
  console.log(JSON.stringify(z.toJSONSchema(s as any, { io: 'input', unrepresentable: 'any' })));
