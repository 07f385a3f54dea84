import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthUser } from '../../core/call';
import { notFound } from '../../core/errors';
import { containsPattern } from '../../core/like';
import type { HouseInfo } from '../../../lib/contract/workflow';
import type { HousePageQuery, HouseRow } from '../../../lib/contract/case-extras';
import { caseScope, inCaseScope } from './scope';
import { dateText } from './rows';

type Db = Kysely<Database>;

/** Houses with their case's number, proposer, status, stage and assignee. */
export function houseRows(db: Db) {
  return db.selectFrom('house_property as h')
    .innerJoin('application as a', 'a.id', 'h.application_id')
    .select([
      'h.id', 'h.application_id', 'h.certificate_no', 'h.owner', 'h.address', 'h.area', 'h.assessed_value', 'h.mortgage_state',
      'h.mortgage_no', 'h.version', dateText('h.registered_on').as('registered_text'),
      'a.number', 'a.name', 'a.status', 'a.stage', 'a.assignee_id',
    ]);
}
type HouseRecord = Awaited<ReturnType<ReturnType<typeof houseRows>['executeTakeFirstOrThrow']>>;

export const toHouseInfo = (h: HouseRecord): HouseInfo => ({
  id: h.id, certificateNo: h.certificate_no, owner: h.owner, address: h.address, area: Number(h.area),
  assessedValue: Number(h.assessed_value), mortgageState: h.mortgage_state, mortgageNo: h.mortgage_no, registeredOn: h.registered_text, version: h.version,
});

/** Whether the case of a house waits with the user at the mortgage stage (the one who records it). */
export const houseEditable = (h: Pick<HouseRecord, 'status' | 'stage' | 'assignee_id'>, user: AuthUser) =>
  h.status === 'IN_REVIEW' && h.stage === 'GC_HOUSE' && h.assignee_id === user.id;

export const toHouseRow = (h: HouseRecord, user: AuthUser): HouseRow => ({
  ...toHouseInfo(h), applicationId: h.application_id, number: h.number, name: h.name, status: h.status, stage: h.stage,
  editable: houseEditable(h, user),
});

/** The houses of the cases the user may see. */
export async function scopedHouses(db: Db, user: AuthUser) {
  const scope = await caseScope(db, user);
  return houseRows(db).where((eb) => inCaseScope(eb as never, scope));
}

/** One house the user may see (its case in scope), else 404. */
export async function visibleHouse(db: Db, user: AuthUser, id: number) {
  const house = await (await scopedHouses(db, user)).where('h.id', '=', id).executeTakeFirst();
  if (!house) throw notFound('house');
  return house;
}

type HouseQuery = Awaited<ReturnType<typeof scopedHouses>>;

/** The searches of the house list. */
export function searchHouses(q: HouseQuery, input: Omit<HousePageQuery, 'pageNum' | 'pageSize'>, user: AuthUser): HouseQuery {
  let query = q;
  if (input.number) query = query.where('a.number', '=', input.number);
  if (input.owner) query = query.where('h.owner', 'ilike', containsPattern(input.owner));
  if (input.certificateNo) query = query.where('h.certificate_no', 'ilike', containsPattern(input.certificateNo));
  if (input.mortgageState) query = query.where('h.mortgage_state', '=', input.mortgageState);
  if (input.waiting) query = query.where('a.status', '=', 'IN_REVIEW').where('a.stage', '=', 'GC_HOUSE');
  if (input.waiting === 'mine') query = query.where('a.assignee_id', '=', user.id);
  return query;
}
