import type { Db } from '../../db';
import type { UserInfo } from '../../../lib/contract/auth';
import { notFound } from '../../core/errors';

export async function loadUserInfo(db: Db, userId: number): Promise<UserInfo> {
  const row = await db.selectFrom('app_user as u')
    .leftJoin('organization as o', 'o.id', 'u.org_id')
    .select(['u.id', 'u.username', 'u.nickname', 'u.type', 'u.org_id as orgId', 'o.name as orgName', 'o.type as orgType', 'u.mobile', 'u.mail', 'u.locale'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound('user');
  return { ...row, locale: row.locale === 'en' || row.locale === 'zh-CN' ? row.locale : null };
}
