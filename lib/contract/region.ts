import { z } from './zod';

export const areaInput = z.object({ parentCode: z.string().regex(/^\d{2,12}$/, 'validation.regionCode').optional() });
export const regionEntry = z.object({ letter: z.string(), name: z.string(), code: z.string(), parentCode: z.string() });
export type RegionEntry = z.infer<typeof regionEntry>;
