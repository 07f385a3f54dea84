import type { Tree } from './contract/text-catalogue';
import type { UI_TEXTS } from './i18n';

/**
 * Which texts reach the browser. Server components translate with the whole catalogue
 * (getTranslations); client components see only what their providers hand them, and every
 * text handed over travels in the page's HTML. So the root layout passes the texts of every
 * page, the signed-in layout those of the shell, and each page those of its screen
 * (`<PageMessages of="...">`, components/providers/page-messages.tsx). The service's
 * validation messages (lib/contract/texts) are loaded in the browser when a form first needs
 * one (components/common/use-field-rule.ts); a list names the few a screen shows as it renders.
 *
 * tests/unit/client-messages.test.ts follows each page's client modules and fails when a text
 * they name is in none of the scopes the page gets; the browser tests fail on a missing text.
 */

type Catalogue = (typeof UI_TEXTS)['zh-CN'];

/** A dotted path into the catalogue, three levels at most: a namespace or a single text. */
type Paths<T, Depth extends unknown[] = []> = Depth['length'] extends 3
  ? never
  : { [K in keyof T & string]: K | (T[K] extends string ? never : `${K}.${Paths<T[K], [...Depth, unknown]>}`) }[keyof T & string];
export type MessagePath = Paths<Catalogue>;

const scope = <const P extends readonly MessagePath[]>(...paths: P) => paths;

/** The screen engine's texts (components/crud), but for its import dialog and rich-text editor: only some specs have them. */
const CRUD = scope(
  'crud.search', 'crud.reset', 'crud.save', 'crud.edit', 'crud.delete', 'crud.actions', 'crud.total', 'crud.noData', 'crud.empty',
  'crud.required', 'crud.confirmDelete', 'crud.confirmDeleteSelected', 'crud.deleteSelected', 'crud.more', 'crud.totalCapped',
  'crud.range', 'crud.tags', 'crud.file', 'crud.dates', 'crud.duration', 'crud.table', 'crud.choose', 'crud.all', 'crud.pick',
  'crud.expand', 'crud.collapse', 'crud.yes', 'crud.no', 'crud.selectFirst',
);
/** The screen engine (components/crud): tables, search forms, edit dialogs. */
const ENGINE = scope(...CRUD, 'resources.common', 'widgets.region', 'validation.tooLong');
/** The option lists of cases (stages, statuses, borrower types) that specs and columns name. */
const CASE_OPTIONS = scope(
  'approval.actions', 'approval.borrowerType', 'approval.guaranteeMethod', 'approval.overdue', 'approval.awaitingSupplements', 'approval.reviewAt', 'approval.stage',
  'approval.status', 'approval.unavailable', 'resources.workbench',
);
/** Organisations and users: the pickers of many forms. */
const PEOPLE = scope('resources.organiza', 'resources.user');
/** Lists of cases with the case's detail drawer and its action dialogs. */
const CASES = scope(
  ...ENGINE, 'approval', 'casework', 'resources.workbench', 'resources.indicator.source', 'widgets.imageViewer',
  'validation.amount', 'validation.date', 'validation.fieldRequired', 'validation.fileTooLarge', 'validation.fileType',
  'validation.opinionRequired', 'validation.overdueDays', 'validation.reasonRequired', 'validation.documentsRequired',
  // A loaned case's 贷后 tab shows the loan's account (components/post-loan); the proposer's earlier loans.
  'postLoan', 'earlierLoans', 'subsidy.state',
);

export const CLIENT_MESSAGES = {
  /** Every page (app/layout.tsx): sign-in, registration, the error pages, the API's notices. */
  root: scope('common', 'errors', 'errorPage', 'locale', 'log.chunkFailed', 'log.cssChunkFailed', 'log.reload'),
  /** Every signed-in page (app/(admin)/layout.tsx): header, side menu, tabs, messages. */
  shell: scope('app', 'shell', 'tabs', 'pages', 'messages', 'approval.pendingCount'),

  // The sign-in form's own checks are shown at once, without loading the shared texts.
  login: scope('login', 'validation.usernameRequired', 'validation.passwordRequired', 'validation.captchaRequired'),
  register: scope('register', 'validation.passwordMismatch', 'validation.passwordRequired'),
  password: scope('password', 'validation.confirmPasswordRequired', 'validation.passwordMismatch'),
  home: scope('home', 'approval.stage'),
  log: scope('log'),
  i18n: scope('i18nDemo'),
  apiDocs: scope('apiDocs'),

  workbench: CASES,
  loanQuery: scope(
    ...CASES, 'intake', 'resources.loanQuery', 'validation.amountLimit', 'validation.guaranteeClosed', 'validation.guarantorRequired',
    'validation.idNumber', 'validation.invalid', 'validation.mobileFormat', 'validation.rate', 'validation.spouseSameId', 'validation.term',
  ),
  loanLists: scope(...CASES, 'resources.spouse', 'resources.publish'),
  /** The post-loan ledger and a loan's account with its action dialogs. */
  postLoan: scope(
    // The workflow's action dialogs (components/approval/action-modal.tsx) bring the case options with them.
    ...ENGINE, ...CASE_OPTIONS, 'postLoan', 'subsidy.state', 'approval.repaymentMethod', 'approval.fields.opinion', 'approval.conflict', 'approval.detail',
    'validation.amount', 'validation.date', 'validation.fieldRequired', 'validation.opinionRequired', 'validation.reasonRequired',
  ),
  statistics: scope(...CASE_OPTIONS, ...CRUD, 'statistics'),
  applyStatistics: scope(...CASE_OPTIONS, ...CRUD, 'reports.apply', 'statistics.unfold'),
  report: scope(...CRUD, 'reports.report', 'approval.borrowerType', 'approval.detail', 'approval.gender', 'validation.amount'),

  system: scope(...ENGINE, ...PEOPLE, 'crud.import', 'resources.menu', 'resources.role', 'widgets.copy', 'validation.permissionAction', 'validation.permissionPath'),
  flow: scope(
    ...ENGINE, ...CASE_OPTIONS, ...PEOPLE, 'resources.calendar', 'resources.flow', 'resources.overtime',
    'validation.nodePeople', 'validation.stage', 'validation.timeLimit',
  ),
  products: scope(...ENGINE, ...CASE_OPTIONS, ...PEOPLE, 'approval.repaymentMethod', 'resources.guarantee', 'resources.product'),
  agreement: scope(...ENGINE, ...PEOPLE, 'resources.agreement'),
  risk: scope(
    ...ENGINE, ...CASE_OPTIONS, ...PEOPLE, 'resources.blacklist', 'resources.clientGroup', 'approval.fileKind', 'resources.indicator', 'resources.model',
    'crud.import', 'resources.refuseReason', 'resources.indicatorReason', 'resources.statusReason', 'resources.strategy', 'resources.whitelist', 'validation.fieldRequired', 'validation.reasonTextRequired',
  ),
  lookups: scope(...ENGINE, 'crud.import', 'resources.history', 'resources.lookupError'),
  sms: scope(...ENGINE, ...PEOPLE, 'resources.smsTemplate', 'resources.smsOutbox'),
  logs: scope(...ENGINE, 'resources.operationLog', 'resources.signInLog'),
  push: scope(...ENGINE, ...PEOPLE, 'resources.pushData', 'resources.pushTarget', 'resources.renshePush'),
  content: scope(
    ...ENGINE, ...PEOPLE, 'content', 'crud.richText', 'resources.consult', 'resources.help', 'resources.notice',
    'validation.contentAnswerRequired', 'validation.contentPublishAt',
  ),
  /** 担保基金: the funds, the banks' rates, a fund's entries and the contribution dialog. */
  guaranteeFund: scope('guaranteeFund', 'crud.noData', 'validation.amount', 'validation.date', 'validation.fieldRequired'),
  /** 贴息管理: what a bank may claim, the claims, a claim's drawer, its dialogs and print view. */
  subsidyClaims: scope(
    ...ENGINE, ...CASE_OPTIONS, 'subsidyClaims', 'subsidy', 'postLoan.loan.periodValue', 'approval.fields.opinion', 'approval.detail', 'approval.conflict',
    'validation.amount', 'validation.date', 'validation.fieldRequired', 'validation.opinionRequired', 'validation.excludeReason', 'validation.tooLong',
  ),
  /** 贴息规则: the rule's versions per borrower type and the LPR's history, with their dialogs. */
  subsidyRules: scope('subsidyRules', 'approval.borrowerType', 'validation.date', 'validation.fieldRequired', 'validation.invalid'),
  /** 贷后设置: one form. */
  postLoanSettings: scope('postLoanSettings', 'validation.fieldRequired', 'validation.invalid'),
} as const satisfies Record<string, readonly MessagePath[]>;

export type MessageScope = keyof typeof CLIENT_MESSAGES;

/** The part of a catalogue the paths name (a path missing from it is left out); the catalogue is not changed. */
export function pickMessages(tree: Tree, paths: readonly string[]): Tree {
  const out: Tree = {};
  const whole: string[] = [];
  // Wider paths first, so a text inside a namespace already taken is not written into the catalogue's own object.
  for (const path of [...new Set(paths)].sort((a, b) => a.split('.').length - b.split('.').length)) {
    if (whole.some((taken) => path.startsWith(`${taken}.`))) continue;
    const parts = path.split('.');
    let from: string | Tree | undefined = tree;
    for (const part of parts) from = typeof from === 'object' ? from[part] : undefined;
    if (from === undefined) continue;
    let to = out;
    for (const part of parts.slice(0, -1)) {
      const next = to[part];
      to = typeof next === 'object' ? next : (to[part] = {});
    }
    to[parts.at(-1)!] = from;
    whole.push(path);
  }
  return out;
}
