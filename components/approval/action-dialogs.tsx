'use client';

import type { ComponentType } from 'react';
import type { RowActionKey } from '@/lib/resources/workbench';
import type { ActionDialogProps } from './action-modal';
import { BankStateDialog, QuotaDialog } from './amount-dialogs';
import { CheckDialog } from './check-dialog';
import { RedeployDialog } from './redeploy-dialog';
import { RefuseDialog } from './refuse-dialog';
import { RejectDialog } from './reject-dialog';
import { ReSignDialog, ReturnDialog, WithdrawDialog } from './simple-dialogs';

export type ActionKey = Exclude<RowActionKey, 'detail'>;

/** One dialog per row action (each an antd Modal form with its own idempotency key). */
const ACTION_DIALOGS: Record<ActionKey, ComponentType<ActionDialogProps>> = {
  check: CheckDialog,
  reject: RejectDialog,
  return: ReturnDialog,
  refuse: RefuseDialog,
  redeploy: RedeployDialog,
  adminRedeploy: (props) => <RedeployDialog {...props} admin />,
  withdraw: WithdrawDialog,
  quota: QuotaDialog,
  reSign: ReSignDialog,
  bankState: BankStateDialog,
};

/** The dialog of an action on a row. */
export function ActionDialog({ action, ...props }: ActionDialogProps & { action: ActionKey }) {
  const Dialog = ACTION_DIALOGS[action];
  return <Dialog {...props} />;
}
