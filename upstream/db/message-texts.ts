import type { StoredParams } from './schema';

/**
 * The texts messages were written in before they kept keys (migration 0020), in both
 * languages, frozen here as they were: a stored text that reads like one of them becomes that
 * key with its parameters, so it reads in its reader's language from then on.
 */
const TEMPLATES: Record<string, string[]> = {
  'workflow.assigned': ['贷款申请 {number} 等待您{stage}', 'Loan application {number} is waiting for your {stage}'],
  'workflow.assignedMany': ['有 {count} 笔贷款申请移交给您{stage}', '{count} loan applications were handed over to you for {stage}'],
  'workflow.overdueReminder': ['您有 {count} 笔贷款申请已超过办理时限，请尽快处理', '{count} of your loan applications are past their time limit: please deal with them soon'],
  'risk.blacklistedDuringReview': [
    '贷款申请 {number} 的 {name} 已被列入黑名单：{reason}，请复核',
    '{name} of loan application {number} has been blacklisted: {reason}. Please review the case',
  ],
  'message.welcome': ['欢迎使用创业担保贷款管理平台，{name}。'],
  'message.accountsWaiting': ['有 {count} 个新注册账户等待分配角色'],
  'message.casesWaiting': ['有 {count} 笔贷款申请等待{stage}'],
};

const STAGE_NAMES: Record<string, string[]> = {
  RS_FIRST: ['人社初审', 'renshe first review'], RS_SECOND: ['人社复审', 'renshe second review'], RS_FINAL: ['人社终审', 'renshe final review'],
  GC_FIRST: ['担保初审', 'guarantee first review'], GC_SECOND: ['担保复审', 'guarantee second review'], GC_HOUSE: ['房产抵押', 'house mortgage'],
  BANK_FIRST: ['银行初审', 'bank first review'], BANK_SECOND: ['银行复审', 'bank second review'], BANK_TRANSFER: ['银行转账', 'bank transfer'],
};

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The key and parameters of a text written from one of the templates, or null. */
export function messageTextOf(content: string): { key: string; params: StoredParams } | null {
  for (const [key, templates] of Object.entries(TEMPLATES)) {
    for (const template of templates) {
      const names: string[] = [];
      const pattern = template.split(/(\{\w+\})/).map((part) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        if (!name) return literal(part);
        names.push(name);
        return name === 'count' ? '(\\d+)' : '(.+?)';
      }).join('');
      const match = new RegExp(`^${pattern}$`).exec(content);
      if (!match) continue;
      const params: StoredParams = {};
      let ok = true;
      names.forEach((name, i) => {
        const value = match[i + 1]!;
        if (name === 'count') params[name] = Number(value);
        else if (name === 'stage') {
          const stage = Object.entries(STAGE_NAMES).find(([, labels]) => labels.includes(value))?.[0];
          if (stage) params[name] = { key: `workflow.stage.${stage}` };
          else ok = false;
        } else params[name] = value;
      });
      if (ok) return { key, params };
    }
  }
  return null;
}
