'use client';

import { CrudScreen } from '@/components/crud/crud-screen';
import { menuSpec } from '@/lib/resources/menu';
import { organizaSpec } from '@/lib/resources/organiza';
import { roleSpec } from '@/lib/resources/role';
import { userSpec } from '@/lib/resources/user';
import { RoleAuthorize } from './role-authorize';
import { userDialogs } from './user-dialogs';

/** The system administration screens: each a resource spec run by the engine, plus its own dialogs. */
export const UserScreen = () => <CrudScreen spec={userSpec} dialogs={userDialogs} />;
export const RoleScreen = () => <CrudScreen spec={roleSpec} dialogs={{ authorize: (props) => <RoleAuthorize {...props} /> }} />;
export const OrganizaScreen = () => <CrudScreen spec={organizaSpec} />;
export const MenuScreen = () => <CrudScreen spec={menuSpec} />;
