import { contentFileCalls } from './files';
import { noticeCalls } from './notice';
import { helpCalls } from './help';
import { consultCalls } from './consult';
import { publicContentCalls } from './public';

/** Content and service (DOMAIN.md section 3): notices, help templates, consultations, their files and the portal's calls. */
export const contentCalls = [...contentFileCalls, ...noticeCalls, ...helpCalls, ...consultCalls, ...publicContentCalls];
