import { z } from '../zod';
import { call } from '../call';
import { PAGES } from '../pages';
import { nothing, page } from '../output';
import { guaranteeListInput, guaranteeRow, guaranteeUpdateInput, userGuaranteeInput, userGuaranteeResult } from '../guarantee';
import {
  productAddInput, productChoices, productDeleteInput, productListInput, productOptionsInput, productRow, productUpdateInput,
} from '../product';

const guaranteePage = { page: PAGES.guarantee } as const;
const productPage = { page: PAGES.product } as const;
const product = (action: 'add' | 'edit' | 'delete') => ({ permission: `product::${action}` }) as const;
/** Who enters applications, and who configures the methods, may ask which are open to a proposer. */
const INTAKE = [{ permission: 'loan::intake' }, guaranteePage] as const;
const g = { page: PAGES.guarantee };
const p = { page: PAGES.product };

/** Guarantee methods and loan products (资源配置). */
export const productCalls = {
  'businessGuaranteeConfig/list': call({ summary: 'The guarantee methods', input: guaranteeListInput, output: page(guaranteeRow), access: guaranteePage, ...g }),
  'businessGuaranteeConfig/update': call({ summary: 'Edit or disable a guarantee method', input: guaranteeUpdateInput, output: guaranteeRow, access: { permission: 'guarantee::edit' }, ...g }),
  'businessApproveRecord/userGuaranteeMethod': call({ summary: 'The guarantee methods open to a proposer', input: userGuaranteeInput, output: userGuaranteeResult, access: INTAKE, ...g }),
  'businessSchemaConfig/list': call({ summary: 'Loan products (current revisions, or every revision)', input: productListInput, output: page(productRow), access: productPage, ...p }),
  'businessSchemaConfig/add': call({ summary: 'Add a loan product', input: productAddInput, output: productRow, access: product('add'), ...p }),
  'businessSchemaConfig/update': call({ summary: 'Edit a product: a new revision new applications take', input: productUpdateInput, output: productRow, access: product('edit'), ...p }),
  'businessSchemaConfig/del': call({ summary: 'Delete a product no application names', input: productDeleteInput, output: nothing, access: product('delete'), ...p }),
  'businessSchemaConfig/choices': call({ summary: 'Client groups, flows and the LPR for the product form', input: z.object({}), output: productChoices, access: productPage, ...p }),
  'businessSchemaConfig/options': call({ summary: 'The products an intake may name', input: productOptionsInput, output: z.array(productRow), access: [{ permission: 'loan::intake' }, productPage], ...p }),
};
