import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { PAGES } from '../../../lib/contract/pages';

/**
 * What each kind of organisation's seeded roles (reviewer and supervisor) hold of the post-loan
 * pages: the bank reports repayments, the guarantee company compensates, recovers, asks for
 * write-offs and keeps its fund, renshe confirms write-offs and watches the funds.
 */
const GRANTS = [
  { roles: ['银行审核员', '银行主管'], pages: [PAGES.ledger], buttons: ['postLoan::repay', 'postLoan::export'] },
  {
    roles: ['担保审核员', '担保主管'], pages: [PAGES.ledger, PAGES.fund],
    buttons: ['postLoan::compensate', 'postLoan::confirmCompensation', 'postLoan::recover', 'postLoan::chargeOff', 'postLoan::export', 'fund::contribute'],
  },
  { roles: ['人社审核员', '人社主管'], pages: [PAGES.ledger, PAGES.fund], buttons: ['postLoan::confirmChargeOff', 'postLoan::export'] },
] as const;

/** The interest subsidy 贴息管理: the bank claims, renshe reviews (two people) and records payouts. */
const SUBSIDY_GRANTS = [
  { roles: ['银行审核员', '银行主管'], pages: [PAGES.subsidy], buttons: ['subsidy::claim', 'subsidy::export'] },
  { roles: ['人社审核员', '人社主管'], pages: [PAGES.subsidy], buttons: ['subsidy::review', 'subsidy::pay', 'subsidy::export'] },
] as const;

type Grant = { roles: readonly string[]; pages: readonly string[]; buttons: readonly string[] };

/** Grants the seeded roles their post-loan pages (with the menu group) and buttons; what a role already holds is kept. */
export const grantPostLoan = (db: Kysely<Database>) => grantPages(db, GRANTS);
/** Grants the seeded bank and renshe roles the subsidy page and its buttons. */
export const grantSubsidy = (db: Kysely<Database>) => grantPages(db, SUBSIDY_GRANTS);

async function grantPages(db: Kysely<Database>, grants: readonly Grant[]) {
  const menus = await db.selectFrom('permission').select(['id', 'path', 'parent_id']).where('kind', '=', 'MENU')
    .where('path', 'in', grants.flatMap((g) => g.pages)).execute();
  if (!menus.length) return;
  const buttons = await db.selectFrom('permission').select(['id', 'action', 'parent_id']).where('kind', '=', 'BUTTON')
    .where('parent_id', 'in', menus.map((m) => m.id)).execute();
  for (const grant of grants) {
    const pages = menus.filter((m) => grant.pages.includes(m.path!));
    const ids = new Set<number>([
      ...pages.map((m) => m.id),
      ...pages.flatMap((m) => (m.parent_id === null ? [] : [m.parent_id])),
      ...buttons.filter((b) => grant.buttons.includes(b.action!) && pages.some((m) => m.id === b.parent_id)).map((b) => b.id),
    ]);
    const roles = await db.selectFrom('role').select('id').where('name', 'in', [...grant.roles]).execute();
    for (const role of roles) {
      const held = new Set((await db.selectFrom('role_permission').select('permission_id').where('role_id', '=', role.id).execute()).map((r) => r.permission_id));
      const missing = [...ids].filter((id) => !held.has(id));
      if (missing.length) await db.insertInto('role_permission').values(missing.map((id) => ({ role_id: role.id, permission_id: id }))).execute();
    }
  }
}
