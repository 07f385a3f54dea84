import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Tree } from '@/lib/contract/text-catalogue';
import { APPLICATION_STATUSES, BORROWER_TYPES, GUARANTEE_METHODS, STAGES } from '@/lib/workflow/stages';
import { FILE_KINDS } from '@/lib/workflow/files';
import { FIGURES, STATISTICS_SIDES } from '@/lib/workflow/statistics';
import { COLUMNS } from '@/upstream/modules/workflow/export';
import { LEDGER_COLUMNS } from '@/upstream/modules/loans/read';
import { LOAN_STATES, SETTLED_HOWS } from '@/lib/workflow/loan-states';
import { REPAYMENT_METHODS } from '@/lib/workflow/plan';
import { CLAIM_STATES } from '@/lib/workflow/subsidy';
import { CLAIM_EXPORT_TEXTS } from '@/upstream/modules/subsidy/read';

const root = join(import.meta.dirname, '..', '..');

/** Every dotted key of a catalogue. */
export function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [prefix + key] : keysOf(value, `${prefix}${key}.`)));
}

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'messages' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * Keys the service builds at run time, by the text before the `${`: each family names its
 * values. A new family in the service's code fails the test until it is listed here.
 */
const FAMILIES: Record<string, (own: string[]) => string[]> = {
  'statistics.title.': () => STATISTICS_SIDES.map((s) => `statistics.title.${s}`),
  'statistics.figures.': () => FIGURES.map((f) => `statistics.figures.${f}`),
  'approval.stage.': () => STAGES.map((s) => `approval.stage.${s}`),
  'approval.reviewAt.': () => STAGES.map((s) => `approval.reviewAt.${s}`),
  'approval.status.': () => APPLICATION_STATUSES.map((s) => `approval.status.${s}`),
  'approval.borrowerType.': () => BORROWER_TYPES.map((b) => `approval.borrowerType.${b}`),
  'approval.guaranteeMethod.': () => GUARANTEE_METHODS.map((g) => `approval.guaranteeMethod.${g}`),
  'approval.fileKind.': () => FILE_KINDS.map((k) => `approval.fileKind.${k}`),
  'resources.workbench.': () => [...COLUMNS.map(([key]) => `resources.workbench.${key}`), ...STAGES.map((s) => `resources.workbench.${s}.title`)],
  // Refusals of lib/workflow and the stage names of assignment messages: the service's own namespace.
  'workflow.': (own) => own.filter((k) => k.startsWith('upstream.workflow.')),
  'workflow.stage.': (own) => own.filter((k) => k.startsWith('upstream.workflow.stage.')),
  // The reports' sheet headings: the service's own namespace.
  'reports.apply.': (own) => own.filter((k) => k.startsWith('upstream.reports.apply.')),
  'reports.bonding.': (own) => own.filter((k) => k.startsWith('upstream.reports.bonding.')),
  'reports.report.': (own) => own.filter((k) => k.startsWith('upstream.reports.report.')),
  // The loans after issue: their states and how settled, repayment methods, the ledger export's columns.
  'loans.state.': () => LOAN_STATES.map((s) => `loans.state.${s}`),
  'loans.settledHow.': () => SETTLED_HOWS.map((s) => `loans.settledHow.${s}`),
  'loans.method.': () => REPAYMENT_METHODS.map((m) => `loans.method.${m}`),
  'loans.column.': () => LEDGER_COLUMNS.map(([key]) => `loans.column.${key}`),
  // The interest subsidy's claim states and export texts.
  'subsidy.state.': () => CLAIM_STATES.map((s) => `subsidy.state.${s}`),
  'subsidy.column.': () => CLAIM_EXPORT_TEXTS.map((key) => `subsidy.column.${key}`),
  // The translator itself, trying the service's own namespace first.
  'upstream.': () => [],
};

/**
 * The keys the service translates or answers: the dotted literals of its code (a key of its
 * own namespace `upstream` is named without that prefix), the validation keys of the contract
 * it checks calls with, the error keys of its own namespace, and the families it builds at run time. `known` tells a key from
 * any other dotted text: a literal counts when its first part is a namespace of `known`.
 */
export function serviceKeys(known: Tree): { keys: Set<string>; unlisted: string[] } {
  const all = keysOf(known);
  const namespaces = new Set([...Object.keys(known), ...Object.keys((known.upstream as Tree | undefined) ?? {})]);
  const own = all.filter((k) => k.startsWith('upstream.'));
  const keys = new Set<string>();
  const unlisted: string[] = [];
  const literal = (text: string) => {
    if (!namespaces.has(text.split('.')[0] ?? '')) return;
    keys.add(all.includes(`upstream.${text}`) ? `upstream.${text}` : text);
  };
  for (const file of sources('upstream')) {
    const code = readFileSync(join(root, file), 'utf8');
    for (const match of code.matchAll(/'([a-zA-Z]\w*(?:\.\w+)+)'/g)) {
      // The actions of the audit log are dotted names too, not texts.
      if (!code.slice(Math.max(0, match.index - 60), match.index).includes('audit(')) literal(match[1]!);
    }
    // The error keys of the service's own namespace are single words ('roleInUse').
    for (const [, word] of code.matchAll(/'([a-zA-Z]\w*)'/g)) if (own.includes(`upstream.${word}`)) keys.add(`upstream.${word}`);
    for (const [, head] of code.matchAll(/`([a-zA-Z]\w*(?:\.\w+)*\.)\$\{/g)) {
      if (!namespaces.has(head!.split('.')[0]!)) continue;
      const family = FAMILIES[head!];
      if (family) for (const key of family(own)) keys.add(key);
      else unlisted.push(`${file}: ${head}`);
    }
  }
  for (const file of [...sources('lib/contract'), ...sources('lib/workflow')]) {
    for (const [, key] of readFileSync(join(root, file), 'utf8').matchAll(/'(validation\.\w+)'/g)) keys.add(key!);
  }
  keys.add('upstream.ok');
  return { keys, unlisted };
}
