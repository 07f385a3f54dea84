import { routeOf } from '../../../lib/workflow/machine';
import { REPAYMENT_METHODS, type RepaymentMethod } from '../../../lib/workflow/plan';
import { STAGE_INFO, type Action, type ApplicationStatus, type BorrowerType, type GuaranteeMethod, type Stage, type StageOrgType } from '../../../lib/workflow/stages';
import { addWorkingDays } from '../../../lib/workflow/working-days';
import { chinaDay, enteredAt, SECOND, timeline } from './generator-time';
import { randomFor, weighted, type Random } from './random';
import { addressOf, businessOf, houseOf, peopleOf, personOf, type Gender, type GeneratedHouse, type GeneratedPerson } from './generator-people';
import { CHECK_OPINIONS, RETURN_OPINIONS, WITHDRAW_OPINIONS } from './people-data';
import { staffedOrgs, type GenNode, type GenOrg, type GeneratorContext } from './generator-context';

/**
 * The application generator the demo seed and `npm run seed:applications` share: one
 * application with its people, house and approval history, the same for the same seed and
 * ordinal. Histories follow lib/workflow/machine.ts and the service's actions: a SUBMIT by
 * the applicant, a CHECK per passed node by that node's assignee, then the exit.
 */
/** Where a case ends up; `stage` is where it waits or left (any on its route when absent; unused once approved). */
export interface Outcome { status: ApplicationStatus; stage?: Stage }

export interface Shape {
  borrowerType?: BorrowerType; guaranteeMethod?: GuaranteeMethod; outcome?: Outcome; overdue?: boolean;
  /** The people of a node take cases in turn from this number instead of at random (the demo: every reviewer has cases at every stage). */
  turn?: number;
}

interface GeneratedRecord {
  action: Action;
  node_id: number | null;
  stage: Stage | null;
  from_status: ApplicationStatus | null;
  to_status: ApplicationStatus;
  to_node_id: number | null;
  to_stage: Stage | null;
  actor_id: number | null;
  actor_org_id: number | null;
  target_user_id: number | null;
  opinion: string;
  refuse_reason_id: number | null;
  details: Record<string, unknown> | null;
  created_at: Date;
}

/** The application row without its id and number (given when it is written). */
interface GeneratedApplicationRow {
  borrower_type: BorrowerType; module_id: number; status: ApplicationStatus; node_id: number | null; stage: Stage | null;
  assignee_id: number | null; maker_id: number | null; entered_at: Date | null; deadline: Date | null; overdue_notified_on: string | null;
  renshe_org_id: number; guarantee_org_id: number; bank_org_id: number; name: string; id_number: string; mobile: string; gender: Gender;
  household_register: string; employment_category: string; address: string; business_name: string; business_scope: string;
  amount: string; term_months: number; rate: string; repayment_method: RepaymentMethod; guarantee_method: GuaranteeMethod;
  guarantee_quota: string | null; loan_amount: string | null; loan_date: string | null; whitelisted: boolean; refuse_reason_id: number | null;
  client_group_id: number | null; product_id: number | null;
  /** A returned case: what it awaits, from whom and when, until which day, and the working days its deadline had left. */
  awaited_kinds: string[] | null; return_note: string | null; returned_by: number | null; returned_at: Date | null; supplement_due: string | null; paused_days: number | null;
  version: number; created_at: Date; updated_at: Date;
}

export interface GeneratedApplication { app: GeneratedApplicationRow; people: GeneratedPerson[]; house: GeneratedHouse | null; records: GeneratedRecord[] }

const OUTCOME_WEIGHTS = { IN_REVIEW: 45, LOANED: 25, APPROVED: 5, NOT_ISSUED: 3, REFUSED: 10, RETURNED: 6, WITHDRAWN: 6 } as const;
const BORROWER_WEIGHTS = { PERSON: 60, SMALL_COMPANY: 25, PARTNERSHIP: 15 } as const;
const METHOD_WEIGHTS = { HOUSE: 30, GUARANTOR: 45, CREDIT: 25 } as const;

/** Where the case stops: the index in its route of its current or exit node, and the outcome. */
function placeOf(random: Random, route: GenNode[], outcome: Outcome): number {
  if (outcome.status === 'APPROVED' || outcome.status === 'LOANED' || outcome.status === 'NOT_ISSUED') return route.length - 1;
  const index = outcome.stage ? route.findIndex((n) => n.stage === outcome.stage) : random.int(0, route.length - 1);
  if (index < 0) throw new Error(`stage ${outcome.stage} is not on the route`);
  return index;
}

/** Each stage's organisation: staffed (a fresh person for every node of its type) where the case reaches the type. */
function orgsOf(random: Random, context: GeneratorContext, moduleId: number, visited: GenNode[]): Record<StageOrgType, GenOrg> {
  const pickOrg = (type: StageOrgType) => {
    const reached = visited.some((n) => STAGE_INFO[n.stage].orgType === type);
    const pool = reached ? staffedOrgs(context, moduleId, type) : context.orgs[type];
    if (!pool.length) throw new Error(`no ${type} organisation ${reached ? 'has as many enabled people on every node of its type as the type has nodes' : 'exists'} (module ${moduleId})`);
    return random.pick(pool);
  };
  return { RENSHE: pickOrg('RENSHE'), GUARANTEE: pickOrg('GUARANTEE'), BANK: pickOrg('BANK') };
}

export function generateApplication(context: GeneratorContext, seed: string, ordinal: number, shape: Shape = {}): GeneratedApplication {
  const random = randomFor(seed, ordinal);
  const { now } = context;
  const outcome: Outcome = shape.outcome ?? { status: weighted(random, OUTCOME_WEIGHTS) };
  const borrowerType = shape.borrowerType ?? weighted(random, BORROWER_WEIGHTS);
  const method = shape.guaranteeMethod ?? (outcome.stage === 'GC_HOUSE' ? 'HOUSE' : weighted(random, METHOD_WEIGHTS));
  const module = context.modules[borrowerType];
  const route = routeOf(module.nodes, method) as GenNode[];
  const place = placeOf(random, route, outcome);
  const orgs = orgsOf(random, context, module.id, route.slice(0, place + 1));
  const orgOf = (node: GenNode) => orgs[STAGE_INFO[node.stage].orgType];

  // The assignee of every node reached: never someone who approved the case before (the person who
  // moved it there included), since nobody approves a case at two stages.
  const assignees: number[] = [];
  for (const node of route.slice(0, place + 1)) {
    const fresh = (orgOf(node).people.get(node.id) ?? []).filter((id) => !assignees.includes(id));
    const drawn = random.pick(fresh);
    assignees.push(shape.turn === undefined ? drawn : fresh[shape.turn % fresh.length]!);
  }

  const checks = outcome.status === 'IN_REVIEW' || outcome.status === 'RETURNED' || outcome.status === 'REFUSED' || outcome.status === 'WITHDRAWN' ? place : route.length;
  const exit = outcome.status === 'IN_REVIEW' || outcome.status === 'APPROVED' ? 0 : 1;
  // Office time between the actions (20 minutes to 3 working days); a case in review ends at its entry into the current node.
  const current = route[place]!;
  const overdue = outcome.status === 'IN_REVIEW' && (shape.overdue ?? random.chance(0.1));
  const gaps = Array.from({ length: checks + exit }, () => random.int(20 * 60, 27 * 3600) * SECOND);
  const times = timeline(random, now, gaps, outcome.status === 'IN_REVIEW' ? enteredAt(random, now, current.days, overdue, context.calendar) : undefined);

  const proposer = personOf(random, { born: [1971, 2005] });
  const business = businessOf(random, borrowerType, proposer);
  const amount = (borrowerType === 'PERSON' ? random.int(5, 30) : random.int(10, 50)) * 10_000;
  const passed = (stage: Stage) => route.slice(0, checks).findIndex((n) => n.stage === stage);
  const quota = passed('GC_FIRST') >= 0 ? (random.chance(0.85) ? amount : Math.round(amount * 0.008) * 100) : null;
  const refuseReason = outcome.status === 'REFUSED' ? random.pick(context.refuseReasons) : null;
  // A returned case keeps its node and reviewer and waits (DOMAIN.md section 1): some days of its deadline left, due within 20 working days.
  const returned = outcome.status === 'RETURNED' ? random.pick(RETURN_OPINIONS) : null;
  const pausedDays = returned && current.days !== null ? random.int(1, current.days) : null;

  const records: GeneratedRecord[] = [];
  const record = (action: Action, at: number, fields: Partial<GeneratedRecord>) => records.push({
    action, node_id: null, stage: null, from_status: 'IN_REVIEW', to_status: 'IN_REVIEW', to_node_id: null, to_stage: null,
    actor_id: null, actor_org_id: null, target_user_id: null, opinion: '', refuse_reason_id: null, details: null, created_at: times[at]!, ...fields,
  });
  record('SUBMIT', 0, { from_status: null, to_node_id: route[0]!.id, to_stage: route[0]!.stage, target_user_id: assignees[0]! });
  for (let i = 0; i < checks; i += 1) {
    const node = route[i]!;
    const next = route[i + 1];
    record('CHECK', i + 1, {
      node_id: node.id, stage: node.stage, to_status: next ? 'IN_REVIEW' : 'APPROVED', to_node_id: next?.id ?? null,
      to_stage: next?.stage ?? 'BANK_TRANSFER', actor_id: assignees[i]!, actor_org_id: orgOf(node).id,
      target_user_id: next ? assignees[i + 1]! : null, opinion: random.pick(CHECK_OPINIONS[STAGE_INFO[node.stage].orgType]),
    });
  }
  const last = times.length - 1;
  const issued = outcome.status === 'LOANED';
  if (outcome.status === 'LOANED' || outcome.status === 'NOT_ISSUED') {
    const loanAmount = issued ? (quota ?? amount) : null;
    record('BANK_STATE', last, {
      stage: 'BANK_TRANSFER', from_status: 'APPROVED', to_status: outcome.status, actor_id: assignees[place]!, actor_org_id: orgs.BANK.id,
      opinion: issued ? '贷款已发放。' : '申请人未按约定办理放款手续，不予发放。',
      details: { issued, loanAmount, loanDate: issued ? chinaDay(times[last]!) : null },
    });
  } else if (exit) {
    const action = ({ RETURNED: 'RETURN', REFUSED: 'REFUSE', WITHDRAWN: 'WITHDRAW' } as const)[outcome.status as 'RETURNED' | 'REFUSED' | 'WITHDRAWN'];
    const opinion = action === 'RETURN' ? returned![0] : action === 'WITHDRAW' ? random.pick(WITHDRAW_OPINIONS) : refuseReason!.content;
    record(action, last, {
      node_id: current.id, stage: current.stage, to_status: outcome.status, to_node_id: action === 'RETURN' ? current.id : null,
      to_stage: action === 'RETURN' ? current.stage : null, actor_id: assignees[place]!, actor_org_id: orgOf(current).id,
      opinion, refuse_reason_id: refuseReason?.id ?? null, details: action === 'RETURN' ? { documents: returned![1] } : null,
    });
  }

  const inReview = outcome.status === 'IN_REVIEW';
  const waiting = inReview || outcome.status === 'RETURNED';
  const houseIndex = passed('GC_HOUSE');
  const app: GeneratedApplicationRow = {
    borrower_type: borrowerType, module_id: module.id, status: outcome.status,
    node_id: waiting ? current.id : null,
    stage: waiting ? current.stage : outcome.status === 'APPROVED' ? 'BANK_TRANSFER' : null,
    assignee_id: waiting || outcome.status === 'APPROVED' ? assignees[place]! : null,
    maker_id: inReview && place > 0 ? assignees[place - 1]! : null,
    entered_at: inReview ? times[last]! : null,
    deadline: inReview && current.days !== null ? addWorkingDays(times[last]!, current.days, context.calendar)
      : pausedDays !== null ? addWorkingDays(times[last]!, pausedDays, context.calendar) : null,
    // Marked as told today, so seeding sends no overdue message.
    overdue_notified_on: overdue ? chinaDay(now) : null,
    renshe_org_id: orgs.RENSHE.id, guarantee_org_id: orgs.GUARANTEE.id, bank_org_id: orgs.BANK.id,
    name: proposer.name, id_number: proposer.id_number, mobile: proposer.mobile, gender: proposer.gender,
    household_register: proposer.county.name, employment_category: business.employment_category, address: addressOf(random),
    business_name: business.business_name, business_scope: business.business_scope,
    amount: amount.toFixed(2), term_months: random.pick(borrowerType === 'SMALL_COMPANY' ? [12, 12, 18, 18, 24, 24] : [12, 18, 24, 24, 36, 36]), rate: random.pick(['0.0345', '0.0385', '0.0435']),
    repayment_method: random.pick(REPAYMENT_METHODS), guarantee_method: method,
    guarantee_quota: quota === null ? null : quota.toFixed(2),
    loan_amount: issued ? (quota ?? amount).toFixed(2) : null, loan_date: issued ? chinaDay(times[last]!) : null,
    whitelisted: false, refuse_reason_id: refuseReason?.id ?? null,
    client_group_id: context.groups.get(business.employment_category) ?? null, product_id: context.products[borrowerType] ?? null,
    awaited_kinds: returned?.[1] ?? null, return_note: returned?.[0] ?? null, returned_by: returned ? assignees[place]! : null,
    returned_at: returned ? times[last]! : null, paused_days: pausedDays,
    supplement_due: returned ? chinaDay(addWorkingDays(now, random.int(3, 18), context.calendar)) : null,
    version: records.length, created_at: times[0]!, updated_at: times[last]!,
  };
  const people = peopleOf(random, borrowerType, proposer, business, method === 'GUARANTOR');
  const spouse = people.find((p) => p.role === 'SPOUSE');
  const house = method === 'HOUSE'
    ? houseOf(random, spouse && random.chance(0.3) ? spouse.name : proposer.name, amount, houseIndex >= 0 ? chinaDay(times[houseIndex + 1]!) : null)
    : null;
  return { app, people, house, records };
}
