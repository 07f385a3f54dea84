'use client';

import { CrudScreen, type RowDialogs } from '@/components/crud/crud-screen';
import type { UserRow, UserSaveResult } from '@/lib/contract/user';
import { lazyPart } from '@/components/common/lazy-part';
import { menuSpec } from '@/lib/resources/menu';
import { organizaSpec } from '@/lib/resources/organiza';
import { roleSpec } from '@/lib/resources/role';
import { userSpec } from '@/lib/resources/user';

/** The row dialogs, downloaded when first opened. */
const RoleAuthorize = lazyPart(() => import('./role-authorize').then((m) => m.RoleAuthorize));
const ConferDialog = lazyPart(() => import('./user-dialogs').then((m) => m.ConferDialog));
const ResetDialog = lazyPart(() => import('./user-dialogs').then((m) => m.ResetDialog));
const CreatedPassword = lazyPart(() => import('./user-dialogs').then((m) => m.CreatedPassword));

const userDialogs: RowDialogs<UserRow> = {
  confer: (props) => <ConferDialog {...props} />,
  reset: (props) => <ResetDialog {...props} />,
  password: ({ row, close }) => <CreatedPassword saved={row as unknown as UserSaveResult} close={close} />,
};

/** The system administration screens: each a resource spec run by the engine, plus its own dialogs. */
export const UserScreen = () => <CrudScreen spec={userSpec} dialogs={userDialogs} />;
export const RoleScreen = () => <CrudScreen spec={roleSpec} dialogs={{ authorize: (props) => <RoleAuthorize {...props} /> }} />;
export const OrganizaScreen = () => <CrudScreen spec={organizaSpec} />;
export const MenuScreen = () => <CrudScreen spec={menuSpec} />;
