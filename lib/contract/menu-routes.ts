/**
 * The route catalogue of SPEC.md section 2: every screen of the product, with its menu
 * titles. The service seeds its menu from it; the UI's route guard (lib/routes.ts) uses it
 * to tell a known page (needs a menu grant) from an unknown path (the 404 page).
 */
import { STAGE_INFO, stageButtons, type Stage } from '../workflow/stages';
import { statisticsExport } from '../workflow/statistics';
import { APPLY_STATISTICS_EXPORT, REPORT_EXPORT, REPORT_QUOTA } from '../workflow/reports';

export interface RouteNode {
  path: string;
  zh: string;
  en: string;
  icon?: string;
  /** Header group the entry belongs to in the top menu. */
  header?: string;
  /** The `type` number SPEC.md gives the page. */
  type?: number;
  /** The page's buttons, as `module::action` strings (SPEC.md section 6). */
  buttons?: string[];
  children?: RouteNode[];
}

/** Titles of the buttons' actions, for the permission tree. */
export const BUTTON_TITLES: Record<string, { zh: string; en: string }> = {
  add: { zh: '新增', en: 'Add' },
  edit: { zh: '编辑', en: 'Edit' },
  delete: { zh: '删除', en: 'Delete' },
  state: { zh: '启用/停用', en: 'Enable/disable' },
  confer: { zh: '分配角色', en: 'Assign roles' },
  reset: { zh: '重置密码', en: 'Reset password' },
  writeOff: { zh: '注销', en: 'Write off' },
  authorize: { zh: '授权', en: 'Authorize' },
  check: { zh: '审核通过', en: 'Approve' },
  reject: { zh: '驳回', en: 'Reject' },
  refuse: { zh: '拒绝', en: 'Refuse' },
  redeploy: { zh: '转派', en: 'Redeploy' },
  adminRedeploy: { zh: '管理员转派', en: 'Admin redeploy' },
  turnOver: { zh: '工作移交', en: 'Turn over' },
  withdraw: { zh: '撤回', en: 'Withdraw' },
  export: { zh: '导出', en: 'Export' },
  reveal: { zh: '查看完整证件号', en: 'Reveal ID numbers' },
  quota: { zh: '修改担保额度', en: 'Change guarantee quota' },
  companyQuota: { zh: '设置担保公司额度', en: 'Set guarantee company quotas' },
  reSign: { zh: '重新签约', en: 'Re-sign' },
  bankState: { zh: '放款状态', en: 'Loan state' },
  house: { zh: '房产抵押登记', en: 'Record house mortgages' },
  intake: { zh: '录入申请', en: 'Enter applications' },
  node: { zh: '配置节点', en: 'Configure nodes' },
  publish: { zh: '发布', en: 'Publish' },
  pin: { zh: '置顶', en: 'Pin' },
  sort: { zh: '排序', en: 'Order' },
  answer: { zh: '回复', en: 'Answer' },
  close: { zh: '关闭', en: 'Close' },
  testSend: { zh: '测试发送', en: 'Test send' },
  relieve: { zh: '解除', en: 'Relieve' },
  import: { zh: '导入', en: 'Import' },
  issue: { zh: '发布', en: 'Issue' },
  retry: { zh: '重试', en: 'Retry' },
  push: { zh: '推送', en: 'Push' },
  rerun: { zh: '重新同步', en: 'Re-run' },
  repay: { zh: '还款登记', en: 'Record repayments' },
  compensate: { zh: '代偿登记', en: 'Record compensations' },
  confirmCompensation: { zh: '代偿复核', en: 'Confirm compensations' },
  recover: { zh: '追偿登记', en: 'Record recoveries' },
  chargeOff: { zh: '核销申请', en: 'Request write-offs' },
  confirmChargeOff: { zh: '核销确认', en: 'Confirm write-offs' },
  contribute: { zh: '基金缴存', en: 'Record contributions' },
  claim: { zh: '贴息申请', en: 'Claim subsidies' },
  review: { zh: '贴息审核', en: 'Review subsidy claims' },
  pay: { zh: '贴息拨付', en: 'Record subsidy payouts' },
};

/** The ledger's buttons (postLoan::verb): the bank's, the guarantee company's and renshe's. */
const POST_LOAN_BUTTONS = ['repay', 'compensate', 'confirmCompensation', 'recover', 'chargeOff', 'confirmChargeOff', 'export'] as const;

const crud = (module: string, ...extra: string[]) => ['add', 'edit', 'delete', ...extra].map((action) => `${module}::${action}`);

/** A workbench page of the loan workflow, with the buttons of its stage. */
const workbench = (stage: Stage, zh: string, en: string): RouteNode =>
  ({ path: STAGE_INFO[stage].path, zh, en, type: STAGE_INFO[stage].type, buttons: stageButtons(stage) });

const leaf = (path: string, zh: string, en: string, extra: Partial<RouteNode> = {}): RouteNode => ({ path, zh, en, ...extra });

export const MENU_ROUTES: RouteNode[] = [
  {
    path: '/renshe', zh: '人社审核', en: 'Renshe review', icon: 'AuditOutlined', header: 'business',
    children: [
      workbench('RS_FIRST', '人社初审', 'Renshe first review'),
      workbench('RS_SECOND', '人社复审', 'Renshe second review'),
      workbench('RS_FINAL', '人社终审', 'Renshe final review'),
      leaf('/loan/publish', '信息公示', 'Published information'),
    ],
  },
  {
    path: '/guarantee', zh: '担保审核', en: 'Guarantee review', icon: 'SafetyCertificateOutlined', header: 'business',
    children: [
      workbench('GC_FIRST', '担保初审', 'Guarantee first review'),
      workbench('GC_SECOND', '担保复审', 'Guarantee second review'),
      workbench('GC_HOUSE', '房产抵押', 'House mortgage'),
      leaf('/guarantee/guarantee-statistics', '机构业务统计', 'Institution business statistics', { type: 38, buttons: [statisticsExport('guarantee')] }),
    ],
  },
  {
    path: '/bank', zh: '银行审核', en: 'Bank review', icon: 'BankOutlined', header: 'business',
    children: [
      workbench('BANK_FIRST', '银行初审', 'Bank first review'),
      workbench('BANK_SECOND', '银行复审', 'Bank second review'),
      workbench('BANK_TRANSFER', '银行转账', 'Bank transfer'),
      leaf('/bank/bank-statistics', '银行统计', 'Bank statistics', { type: 0, buttons: [statisticsExport('bank')] }),
    ],
  },
  {
    path: '/post-loan', zh: '贷后管理', en: 'After the loan', icon: 'AccountBookOutlined', header: 'business',
    children: [
      leaf('/post-loan/ledger', '贷后台账', 'Post-loan ledger', { buttons: POST_LOAN_BUTTONS.map((verb) => `postLoan::${verb}`) }),
      leaf('/post-loan/fund', '担保基金', 'Guarantee fund', { buttons: ['fund::contribute'] }),
      leaf('/post-loan/subsidy', '贴息管理', 'Interest subsidy', { buttons: ['claim', 'review', 'pay', 'export'].map((verb) => `subsidy::${verb}`) }),
    ],
  },
  {
    path: '/admin/home', zh: '贷款查询', en: 'Loan queries', icon: 'FileSearchOutlined', header: 'business',
    children: [
      leaf('/admin/home/loan', '贷款查询', 'Loan query', { buttons: ['loan::intake'] }),
      leaf('/admin/home/spouse', '配偶信息', 'Spouse information'),
    ],
  },
  {
    path: '/admin/setting/data', zh: '数据管理', en: 'Data', icon: 'DatabaseOutlined', header: 'setting',
    children: [
      leaf('/admin/setting/data/historical-data', '历史数据', 'Historical data', { buttons: ['history::import'] }),
      leaf('/admin/setting/data/black', '黑名单', 'Blacklist', { type: 37, buttons: ['blacklist::add', 'blacklist::relieve', 'blacklist::import'] }),
      leaf('/admin/setting/data/white', '白名单', 'Whitelist', { buttons: crud('whitelist') }),
    ],
  },
  {
    path: '/admin/setting/model', zh: '模型设置', en: 'Models', icon: 'ExperimentOutlined', header: 'setting',
    children: [
      leaf('/admin/setting/model-setting-target', '指标管理', 'Indicators', { buttons: ['indicator::edit', 'indicator::issue'] }),
      leaf('/admin/setting/model-setting-model', '模型管理', 'Models'),
      leaf('/admin/setting/model-setting-black', '黑名单策略', 'Blacklist strategy', { buttons: crud('strategy') }),
      leaf('/admin/setting/model-setting-client', '客户群体', 'Customer groups', { buttons: crud('clientGroup') }),
    ],
  },
  {
    path: '/admin/setting/resources', zh: '资源配置', en: 'Resources', icon: 'ApartmentOutlined', header: 'setting',
    children: [
      leaf('/admin/setting/resources/guarantee', '担保方式配置', 'Guarantee methods', { buttons: ['guarantee::edit'] }),
      leaf('/admin/setting/resources/business-flow', '审批流程配置', 'Approval flows', { buttons: crud('flow', 'state', 'node') }),
      leaf('/admin/setting/resources/business-model', '业务模型配置', 'Business models', { buttons: crud('product') }),
    ],
  },
  {
    path: '/admin/setting/business', zh: '业务配置', en: 'Business settings', icon: 'ProfileOutlined', header: 'setting',
    children: [
      leaf('/admin/setting/business/refuse', '指标拒绝原因', 'Indicator refusal reasons', { buttons: crud('indicatorReason') }),
      leaf('/admin/setting/business/status', '状态拒绝原因', 'Status refusal reasons', { buttons: crud('statusReason') }),
      leaf('/admin/setting/business/overtime', '系统超时配置', 'Time-out settings', { buttons: crud('overtime') }),
      leaf('/admin/setting/business/calendar', '节假日配置', 'Holiday calendar', { buttons: crud('calendar') }),
      leaf('/admin/setting/business/message', '短信模板配置', 'SMS templates', { buttons: crud('smsTemplate', 'testSend') }),
      leaf('/admin/setting/business/post-loan', '贷后设置', 'Post-loan settings', { buttons: ['postLoanSetting::edit'] }),
      leaf('/admin/setting/business/subsidy', '贴息规则', 'Subsidy rules', { buttons: ['subsidyRule::edit'] }),
    ],
  },
  {
    path: '/admin/setting/system', zh: '系统管理', en: 'System', icon: 'SettingOutlined', header: 'setting',
    children: [
      leaf('/admin/setting/system/organiza', '机构管理', 'Organisations', { buttons: crud('organiza') }),
      leaf('/admin/setting/system/user', '用户管理', 'Users', { buttons: crud('user', 'state', 'confer', 'reset', 'writeOff') }),
      leaf('/admin/setting/system/role', '角色管理', 'Roles', { buttons: crud('role', 'state', 'authorize') }),
      leaf('/system/menu', '菜单管理', 'Menus', { buttons: crud('menu') }),
      leaf('/admin/setting/system/operation-log', '操作日志', 'Operation log', { buttons: ['operationLog::export'] }),
      leaf('/admin/setting/system/login-log', '登录日志', 'Sign-in log', { buttons: ['loginLog::export'] }),
    ],
  },
  {
    path: '/admin/setting/monitor', zh: '监控统计', en: 'Monitoring', icon: 'LineChartOutlined', header: 'setting',
    children: [
      leaf('/admin/setting/error/credit-error', '实时征信异常', 'Real-time credit errors', { buttons: ['lookupError::retry'] }),
      leaf('/admin/setting/statistics/apply', '申请统计', 'Application statistics', { buttons: [APPLY_STATISTICS_EXPORT] }),
      leaf('/admin/setting/report', '报表', 'Reports', { buttons: [REPORT_EXPORT, REPORT_QUOTA] }),
      leaf('/admin/setting/agree', '协议模板配置', 'Agreement templates', { buttons: crud('agreement') }),
    ],
  },
  {
    path: '/operation', zh: '运营管理', en: 'Operations', icon: 'NotificationOutlined', header: 'operation',
    children: [
      leaf('/information/publish', '信息发布', 'Information publishing', { buttons: crud('issueInfo', 'publish', 'withdraw', 'pin') }),
      leaf('/help-model', '帮助模板管理', 'Help templates', { buttons: crud('helpInfo', 'state', 'sort') }),
      leaf('/push-data/index', '数据推送日志', 'Data push log', { buttons: ['pushData::push', ...crud('pushTarget')] }),
      leaf('/consult/index', '咨询建议', 'Consultations', { buttons: ['consult::answer', 'consult::close'] }),
      leaf('/renshe-push-log/log', '人社监管同步日志', 'Renshe supervision sync log', { buttons: ['renshePush::rerun'] }),
    ],
  },
];
