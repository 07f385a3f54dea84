import type { Locale } from '../../../lib/contract/auth';
import { fieldMessage } from '../../../lib/contract/field-message';
import type { z } from '../../../lib/contract/zod';
import type { intakeInput } from '../../../lib/contract/intake';
import { invalid } from '../../core/errors';
import type { Db } from '../../core/resource/types';
import { methodOf, methodsOpenTo } from './guarantee';
import { productRate } from './rate';

type Intake = z.output<typeof intakeInput>;
/** An amount as the refusals name it (1,100,000 or 990,000.01). */
export const yuan = (n: number | string) => Number(n).toLocaleString('en-US', { maximumFractionDigits: 2 });
const percent = (fraction: number) => Number((fraction * 100).toFixed(2));

/**
 * The product an application names (else its borrower type's current one) and its rules:
 * current and enabled, of the borrower type and client group, amount within its range,
 * a term, repayment and guarantee method it offers, a rate within LPR plus margin and its
 * cap; the guarantee method open to the proposer, within its maximum, with its guarantors.
 * Each refusal is a 422 naming the limit. A proposer in no fitting client group (whom no method is open to), an amount
 * over the borrower type's cap and a term over its longest are left to their indicators, which
 * refuse the application as a business decision. Answers the product's id and approval flow.
 */
export async function checkIntakeRules(trx: Db, input: Intake, locale: Locale, clientGroupId: number | null, policy: { overCap: boolean; termOver: boolean; groupMissing: boolean }) {
  let query = trx.selectFrom('loan_product').selectAll()
    .select((eb) => eb.selectFrom('system_param').select('value').where('key', '=', 'loan.lpr').as('lpr'))
    .where('borrower_type', '=', input.borrowerType).where('current', '=', true).where('state', '=', 'ENABLED');
  query = input.productId === undefined ? query.orderBy('sort').orderBy('id') : query.where('id', '=', input.productId);
  const product = await query.executeTakeFirst();
  if (!product) throw invalid({ productId: 'validation.product' });
  if (product.client_group_ids.length && clientGroupId !== null && !product.client_group_ids.includes(clientGroupId)) {
    throw invalid({ 'proposer.employmentCategory': 'validation.productGroup' });
  }
  const min = Number(product.amount_min);
  const max = Number(product.amount_max);
  if (input.amount < min || (input.amount > max && !policy.overCap)) throw invalid({ amount: fieldMessage('validation.productAmount', { min: yuan(min), max: yuan(max) }) });
  if (!policy.termOver && !product.terms.includes(input.termMonths)) throw invalid({ termMonths: fieldMessage('validation.productTerm', { terms: product.terms.join(', ') }) });
  if (!product.repayment_methods.includes(input.repaymentMethod)) throw invalid({ repaymentMethod: 'validation.productRepayment' });
  const rateMax = productRate(product.lpr, product.rate_margin_bp, product.rate_cap);
  if (input.rate > rateMax + 1e-9) throw invalid({ rate: fieldMessage('validation.productRate', { max: percent(rateMax) }) });
  if (!product.guarantee_methods.includes(input.guaranteeMethod)) throw invalid({ guaranteeMethod: 'validation.productGuarantee' });

  const method = methodOf(await methodsOpenTo(trx, input.proposer.idNumber, clientGroupId), input.guaranteeMethod)!;
  const name = locale === 'en' ? method.nameEn : method.nameZh;
  if (!method.open && !policy.groupMissing) throw invalid({ guaranteeMethod: fieldMessage('validation.guaranteeClosed', { method: name }) });
  if (input.amount > method.maxAmount && !policy.overCap) throw invalid({ amount: fieldMessage('validation.guaranteeMax', { method: name, max: yuan(method.maxAmount) }) });
  if (input.guaranteeMethod === 'GUARANTOR' && input.guarantors.length < (method.guarantorCount ?? 1)) {
    throw invalid({ guarantors: fieldMessage('validation.guarantorsMin', { count: method.guarantorCount ?? 1 }) });
  }
  return { productId: product.id, moduleId: product.module_id };
}
