import { z } from './zod';

export { PROVINCE_PARENT } from './limits';
export const areaInput = z.object({ parentCode: z.string().regex(/^\d{2,12}$/, 'validation.regionCode').optional() });
export interface RegionEntry { letter: string; name: string; code: string; parentCode: string }
