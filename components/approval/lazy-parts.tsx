'use client';

import { lazyPart } from '@/components/common/lazy-part';

/**
 * The case's detail drawer and the action dialogs, downloaded when first opened: together they
 * weigh more than the list they open from, and most visits open none of them.
 */
export const DetailDrawer = lazyPart(() => import('./detail-drawer').then((m) => m.DetailDrawer));
export const ActionDialog = lazyPart(() => import('./action-dialogs').then((m) => m.ActionDialog));
