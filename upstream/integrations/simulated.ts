import { createHash } from 'node:crypto';
import { LookupFailure } from './failure';
import type { CreditRecord, InsuranceRecord, Lookup, SimulatedMode } from './types';

/**
 * The built-in simulated providers: answers that depend only on the ID number, so demos and
 * tests are repeatable. Sequence codes (digits 15-17) pick the unusual cases: 997 never insured,
 * 998 an unsettled guaranteed loan, 999 a current overdue; every other person has paid 6 to
 * 65 months. Every answer says it is simulated.
 */
const seed = (idNumber: string) => createHash('sha256').update(idNumber).digest().readUInt32BE(0);
const sequence = (idNumber: string) => idNumber.slice(14, 17);
const EMPLOYERS = ['长沙市芙蓉区个体工商户', '湖南湘江新区创业园', '长沙高新区孵化器', '岳麓区灵活就业人员'];

function behave<T>(mode: SimulatedMode, answer: () => T): Lookup<T> {
  return (_idNumber, signal) => new Promise<T>((resolve, reject) => {
    if (mode === 'fail') return reject(new LookupFailure('SIMULATED_FAILURE', 'lookup.simulatedFailure'));
    if (mode === 'hang') {
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      return;
    }
    resolve(answer());
  });
}

export function simulatedInsurance(mode: SimulatedMode): Lookup<InsuranceRecord> {
  return (idNumber, signal) => behave(mode, (): InsuranceRecord => {
    if (sequence(idNumber) === '997') return { insured: false, monthsPaid: 0, employer: null, lastMonthPaid: null, simulated: true };
    const n = seed(idNumber);
    const months = 6 + (n % 60);
    return { insured: true, monthsPaid: months, employer: EMPLOYERS[n % EMPLOYERS.length]!, lastMonthPaid: '2026-10', simulated: true };
  })(idNumber, signal);
}

export function simulatedCredit(mode: SimulatedMode): Lookup<CreditRecord> {
  return (idNumber, signal) => behave(mode, (): CreditRecord => ({
    currentOverdue: sequence(idNumber) === '999' ? 1 : 0,
    unsettledGuaranteeLoans: sequence(idNumber) === '998' ? 1 : 0,
    simulated: true,
  }))(idNumber, signal);
}
