/**
 * The pages calls belong to (SPEC.md section 2), named once for the call table, the route
 * catalogue and the seed. Plain constants, safe for the browser.
 */
export const PAGES = {
  organiza: '/admin/setting/system/organiza',
  user: '/admin/setting/system/user',
  role: '/admin/setting/system/role',
  menu: '/system/menu',
  flow: '/admin/setting/resources/business-flow',
  overtime: '/admin/setting/business/overtime',
  smsTemplate: '/admin/setting/business/message',
  guarantee: '/admin/setting/resources/guarantee',
  product: '/admin/setting/resources/business-model',
  agree: '/admin/setting/agree',
  blacklist: '/admin/setting/data/black',
  whitelist: '/admin/setting/data/white',
  indicatorReasons: '/admin/setting/business/refuse',
  statusReasons: '/admin/setting/business/status',
  clientGroups: '/admin/setting/model-setting-client',
  indicators: '/admin/setting/model-setting-target',
  models: '/admin/setting/model-setting-model',
  strategy: '/admin/setting/model-setting-black',
  loan: '/admin/home/loan',
  spouse: '/admin/home/spouse',
  publish: '/loan/publish',
  bankStatistics: '/bank/bank-statistics',
  guaranteeStatistics: '/guarantee/guarantee-statistics',
  notice: '/information/publish',
  help: '/help-model',
  consult: '/consult/index',
  applyStatistics: '/admin/setting/statistics/apply',
  report: '/admin/setting/report',
} as const;
