/** Business constants of SPEC.md section 9 shared by the browser, the BFF and the service (no schema library here). */
export const PAGE_SIZES = [5, 10, 20, 30] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const FIRST_PAGE = 1;
export const MESSAGE_PAGE_SIZE = 10;
/** Region codes: provinces have parent code 86 (SPEC.md section 3). */
export const PROVINCE_PARENT = '86';
/** Working-day limits of a stage or node: at least one day, at most a quarter of a year of working days. */
export const TIME_LIMIT_MAX = 60;
/** Largest import file: 2 MB (some 20,000 plain rows). */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** The multipart body of an import: the file plus the framing. */
export const IMPORT_BODY_MAX_BYTES = IMPORT_MAX_BYTES + 16 * 1024;
/** Most errors one answer lists (the rest are counted). */
export const IMPORT_ERRORS_SHOWN = 200;
/** The largest amount of money a field takes (two decimals): what the amount columns, numeric(12, 2), store. */
export const MONEY_MAX = 9_999_999_999.99;
/** The most employees one application lists. */
export const EMPLOYEES_MAX = 200;
/** The most days overdue a bank reports (ten years). */
export const OVERDUE_DAYS_MAX = 3650;
