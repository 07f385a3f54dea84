import type { Kysely } from 'kysely';
import type { Database } from '../schema';

/** Buttons that act on another person's cases: a supervisor's, never a reviewer's (DESIGN.md section 5, guards). */
const SUPERVISOR_BUTTONS = ['adminRedeploy', 'turnOver'] as const;

/** Each kind of organisation's supervisor role, beside its reviewer role, with one demo user per demo organisation. */
const SUPERVISOR_ROLES = [
  { reviewer: '人社审核员', name: '人社主管', nameEn: 'Renshe supervisors', description: '人社局的审核主管：可调配他人案件、移交他人待办', descriptionEn: 'Renshe supervisors: reassign and hand over colleagues\' cases', demoUser: 'renshe', lead: { username: 'renshe-lead', nickname: '人社主管', mobile: '13800000021' } },
  { reviewer: '担保审核员', name: '担保主管', nameEn: 'Guarantee supervisors', description: '担保公司的审核主管：可调配他人案件、移交他人待办', descriptionEn: 'Guarantee company supervisors: reassign and hand over colleagues\' cases', demoUser: 'guarantee', lead: { username: 'guarantee-lead', nickname: '担保主管', mobile: '13800000022' } },
  { reviewer: '银行审核员', name: '银行主管', nameEn: 'Bank supervisors', description: '银行的审核主管：可调配他人案件、移交他人待办', descriptionEn: 'Bank supervisors: reassign and hand over colleagues\' cases', demoUser: 'bank', lead: { username: 'bank-lead', nickname: '银行主管', mobile: '13800000023' } },
] as const;

/**
 * The seeded reviewer roles without the supervisor's buttons, and beside each a supervisor role
 * with the reviewer's grants and those buttons; where the demo reviewer exists (a demo install),
 * a demo supervisor in the same organisation with the same password. Runs on a fresh demo seed
 * and on existing installs (migration 0034); a role or user already there is left as it is.
 */
export async function adjustReviewerRoles(db: Kysely<Database>) {
  // A button's action is `module::verb`.
  const buttons = await db.selectFrom('permission').select('id').where('kind', '=', 'BUTTON')
    .where((eb) => eb.or(SUPERVISOR_BUTTONS.map((verb) => eb('action', 'like', `%::${verb}`)))).execute();
  for (const role of SUPERVISOR_ROLES) {
    const reviewer = await db.selectFrom('role').select('id').where('name', '=', role.reviewer).executeTakeFirst();
    if (!reviewer) continue;
    const granted = await db.selectFrom('role_permission').select('permission_id').where('role_id', '=', reviewer.id).execute();
    const grantedIds = new Set(granted.map((g) => g.permission_id));
    const supervisorButtons = buttons.map((b) => b.id).filter((id) => grantedIds.has(id));
    if (supervisorButtons.length) {
      await db.deleteFrom('role_permission').where('role_id', '=', reviewer.id).where('permission_id', 'in', supervisorButtons).execute();
    }
    if (await db.selectFrom('role').select('id').where('name', '=', role.name).executeTakeFirst()) continue;
    const supervisor = await db.insertInto('role').values({
      name: role.name, name_en: role.nameEn, description: role.description, description_en: role.descriptionEn, updated_at: new Date(),
    }).returning('id').executeTakeFirstOrThrow();
    if (grantedIds.size) {
      await db.insertInto('role_permission').values([...grantedIds].map((id) => ({ role_id: supervisor.id, permission_id: id }))).execute();
    }
    const demo = await db.selectFrom('app_user').select(['org_id', 'password_hash']).where('username', '=', role.demoUser).executeTakeFirst();
    if (!demo || await db.selectFrom('app_user').select('id').where('username', '=', role.lead.username).executeTakeFirst()) continue;
    const lead = await db.insertInto('app_user').values({
      org_id: demo.org_id, username: role.lead.username, nickname: role.lead.nickname, type: 1, mobile: role.lead.mobile,
      mail: `${role.lead.username}@example.com`, password_hash: demo.password_hash, locale: null, updated_at: new Date(),
    }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('user_role').values({ user_id: lead.id, role_id: supervisor.id }).execute();
  }
}
