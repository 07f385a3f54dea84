import { z } from '../zod';
import { call } from '../call';
import { idInput } from '../fields';
import { PAGES } from '../pages';
import { nothing, page } from '../output';
import {
  orgDropdownInput, orgDropdownItem, orgIdInput, orgListResult, orgNode, orgPickerUser, organizaListInput, organizaPageInput, organizaSaveInput,
  orgTreeNode, orgUser,
} from '../organiza';
import { changePasswordInput } from '../auth';
import { userConferInput, userListInput, userResetInput, userResetResult, userRow, userSaveInput, userSaveResult, userStateInput, userVersionInput } from '../user';
import { roleAuthorizeInput, roleIdInput, roleInfo, roleListInput, roleRow, roleSaveInput, roleStateInput } from '../role';
import { deleteInput } from '../batch';
import { importCheck, importInput, importResult, IMPORT_BODY_MAX_BYTES } from '../import';
import { fileAnswer } from '../output';
import { permissionIdInput, permissionNode, permissionSaveInput, permissionSonInput, permissionSonResult } from '../permission';

const none = z.object({});
const button = (permission: `${'organiza' | 'user' | 'role' | 'menu'}::${string}`) => ({ permission }) as const;
const org = { page: PAGES.organiza } as const;
/** The organisation or user the input names must lie in the caller's scope (row access, lib/contract/call.ts). */
const orgRow = (by = 'id') => ({ of: 'org', by }) as const;
const userTarget = (by = 'id') => ({ of: 'user', by }) as const;

/** System administration: organisations, users, roles and the permission (menu) tree. */
export const systemCalls = {
  'systemOrganiza/organizaList': call({ summary: 'Organisation tree rows (roots, or the children of id)', input: organizaListInput, output: orgListResult, access: org, page: PAGES.organiza, alsoGet: true, row: orgRow() }),
  'systemOrganiza/list': call({ summary: 'Organisations, paged', input: organizaPageInput, output: page(orgNode), access: org, page: PAGES.organiza, alsoGet: true }),
  'systemOrganiza/myOrganization': call({ summary: 'The user\'s organisation', input: none, output: orgNode.nullable(), access: 'user', alsoGet: true }),
  'systemOrganiza/saveOrupdate': call({ summary: 'Add (without id) or edit an organisation', input: organizaSaveInput, output: orgNode, access: (i) => button(i.id === undefined ? 'organiza::add' : 'organiza::edit'), accessBy: 'id', page: PAGES.organiza, row: orgRow() }),
  'systemOrganiza/delete': call({ summary: 'Delete an organisation without users or children', input: idInput, output: nothing, access: button('organiza::delete'), page: PAGES.organiza, row: orgRow() }),
  'systemOrganiza/getInstitutionDropdown': call({ summary: 'Enabled organisations in scope, by type', input: orgDropdownInput, output: z.array(orgDropdownItem), access: 'user', alsoGet: true }),
  'systemOrganiza/orgTree': call({ summary: 'The organisation tree in scope', input: none, output: z.array(orgTreeNode), access: 'user', alsoGet: true }),
  'systemOrganiza/orgTreeById': call({ summary: 'One organisation with its subtree', input: idInput, output: orgTreeNode, access: 'user', alsoGet: true, row: orgRow() }),
  'systemOrganiza/orgTreeByIdWithoutMe': call({ summary: 'The subtrees below one organisation', input: idInput, output: z.array(orgTreeNode), access: 'user', alsoGet: true, row: orgRow() }),
  'systemOrganiza/getMyOrganizationUser': call({ summary: 'Enabled users of the user\'s organisation', input: none, output: z.array(orgUser), access: 'user', alsoGet: true }),
  'systemOrganiza/adminRedeployUser': call({ summary: 'Enabled users of an organisation (admin redeploy picker)', input: orgIdInput, output: z.array(orgPickerUser), access: 'user', row: orgRow('orgId') }),

  'systemUser/adminList': call({ summary: 'Users, paged and searched', input: userListInput, output: page(userRow), access: { page: PAGES.user }, page: PAGES.user, alsoGet: true, row: orgRow('orgId') }),
  'systemUser/saveOrUpdate': call({
    summary: 'Add (without id; with roles also needs user::confer) or edit a user; a generated password is answered once', input: userSaveInput, output: userSaveResult,
    access: (i) => (i.id !== undefined ? button('user::edit') : i.roleIds?.length ? { all: [button('user::add'), button('user::confer')] } : button('user::add')),
    accessBy: ['id', 'roleIds'], page: PAGES.user, row: userTarget(),
  }),
  'systemUser/changeState': call({ summary: 'Enable or disable a user', input: userStateInput, output: userRow, access: button('user::state'), page: PAGES.user, row: userTarget() }),
  'systemUser/writeOff': call({ summary: 'Write a user off', input: userVersionInput, output: userRow, access: button('user::writeOff'), page: PAGES.user, row: userTarget() }),
  'systemUser/resetPassWord': call({ summary: 'Reset a user\'s password (shown once or sent by SMS)', input: userResetInput, output: userResetResult, access: button('user::reset'), page: PAGES.user, row: userTarget() }),
  'systemUser/confer': call({ summary: 'Assign roles to a user', input: userConferInput, output: userRow, access: button('user::confer'), page: PAGES.user, row: userTarget() }),
  'systemUser/del': call({
    summary: 'Delete users who never signed in: one ({ id }) or several at once ({ ids }, all or none)', input: deleteInput,
    output: z.object({ count: z.number().int() }).nullable(), access: button('user::delete'), page: PAGES.user, row: [userTarget(), userTarget('ids')],
  }),
  'systemUser/importCheck': call({
    summary: 'Check an .xlsx of new users (multipart: file): rows read and row errors', input: importInput, output: importCheck,
    access: button('user::add'), page: PAGES.user, body: { multipart: { maxBytes: IMPORT_BODY_MAX_BYTES } },
  }),
  'systemUser/importCommit': call({
    summary: 'Add the users of a checked .xlsx, all or none (each gets its password by SMS)', input: importInput, output: importResult,
    access: button('user::add'), page: PAGES.user, body: { multipart: { maxBytes: IMPORT_BODY_MAX_BYTES } },
  }),
  'systemUser/importTemplate': call({ summary: 'The user import template (.xlsx)', input: none, output: fileAnswer, file: true, access: button('user::add'), page: PAGES.user, alsoGet: true }),
  'systemUser/updatePassWord': call({ summary: 'Change one\'s own password', input: changePasswordInput, output: z.object({ message: z.string() }), access: 'user' }),

  'role/roleList': call({ summary: 'Roles, paged', input: roleListInput, output: page(roleRow), access: { page: PAGES.role }, page: PAGES.role }),
  'role/roleInfo': call({ summary: 'A role with its permission ids', input: roleIdInput, output: roleInfo, access: { page: PAGES.role }, page: PAGES.role }),
  'role/saveOrUpdate': call({ summary: 'Add (without id) or edit a role', input: roleSaveInput, output: roleRow, access: (i) => button(i.id === undefined ? 'role::add' : 'role::edit'), accessBy: 'id', page: PAGES.role }),
  'role/changeState': call({ summary: 'Enable or disable a role', input: roleStateInput, output: roleRow, access: button('role::state'), page: PAGES.role }),
  'role/del': call({ summary: 'Delete a role no user holds', input: roleIdInput, output: nothing, access: button('role::delete'), page: PAGES.role }),
  'role/authorize': call({ summary: 'Set a role\'s permissions', input: roleAuthorizeInput, output: roleInfo, access: button('role::authorize'), page: PAGES.role }),

  'systemPermisson/permissonList': call({ summary: 'The whole permission tree', input: none, output: z.array(permissionNode), access: [{ page: PAGES.menu }, button('role::authorize')], page: PAGES.menu }),
  'systemPermisson/permissonSonList': call({ summary: 'Permission tree rows (roots, or the children of id)', input: permissionSonInput, output: permissionSonResult, access: { page: PAGES.menu }, page: PAGES.menu }),
  'systemPermisson/myPermissonSonList': call({ summary: 'The user\'s own permission tree rows', input: permissionSonInput, output: permissionSonResult, access: 'user' }),
  'systemPermisson/saveOrupdate': call({ summary: 'Add (without id) or edit a menu or button', input: permissionSaveInput, output: permissionNode, access: (i) => button(i.id === undefined ? 'menu::add' : 'menu::edit'), accessBy: 'id', page: PAGES.menu }),
  'systemPermisson/delete': call({ summary: 'Delete a menu or button', input: permissionIdInput, output: nothing, access: button('menu::delete'), page: PAGES.menu }),
};
