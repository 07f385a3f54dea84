import { idCheckDigit } from '../../../lib/workflow/id-number';
import type { BorrowerType } from '../../../lib/workflow/stages';
import type { PersonRole } from '../schema';
import type { Random } from './random';
import {
  COUNTIES, DISTRICTS, EMPLOYMENT_CATEGORIES, FEMALE_GIVEN, FIRM_WORDS, INDUSTRIES, MALE_GIVEN, OTHER_WORK, SURNAMES, TRADES, WORK_UNITS,
  type County,
} from './people-data';

/** Made-up people, businesses and houses for generated applications. */
export type Gender = 'MALE' | 'FEMALE';

export interface Person { name: string; surname: string; id_number: string; mobile: string; gender: Gender; county: County }

export interface GeneratedPerson {
  role: PersonRole;
  /** Index (in the same list) of the guarantor a guarantor's spouse belongs to. */
  guarantorIndex: number | null;
  name: string;
  id_number: string;
  mobile: string;
  gender: Gender;
  work_unit: string;
  share_ratio: string | null;
  sort: number;
  /** An employee hired from the policy's key groups. */
  key_group: boolean;
}

const MOBILE_PREFIXES = ['130', '131', '132', '133', '135', '136', '137', '138', '139', '150', '151', '152', '155', '156', '157', '158', '159', '166', '173', '176', '177', '180', '181', '182', '185', '186', '187', '188', '189', '191', '199'];

const digits = (random: Random, n: number) => Array.from({ length: n }, () => random.int(0, 9)).join('');

/** A valid ID number: the county, a birth date in `year`, the gender in the sequence. */
function idNumberOf(random: Random, county: County, gender: Gender, year: number): string {
  const birth = new Date(Date.UTC(year, 0, 1) + random.int(0, 364) * 86_400_000);
  const date = birth.toISOString().slice(0, 10).replace(/-/g, '');
  const sequence = random.int(0, 49) * 10 + random.int(0, 4) * 2 + (gender === 'MALE' ? 1 : 0);
  const first17 = county.code + date + String(sequence).padStart(3, '0');
  return first17 + idCheckDigit(first17);
}

/** Someone born in the years `born` (fixed years, not ages, so the same seed gives the same people on any day). */
export function personOf(random: Random, options: { born: readonly [number, number]; gender?: Gender; county?: County }): Person {
  const gender = options.gender ?? (random.chance(0.58) ? 'MALE' : 'FEMALE');
  const county = options.county ?? random.pick(COUNTIES);
  const surname = random.pick(SURNAMES);
  return {
    name: surname + random.pick(gender === 'MALE' ? MALE_GIVEN : FEMALE_GIVEN), surname, gender, county,
    id_number: idNumberOf(random, county, gender, random.int(options.born[0], options.born[1])),
    mobile: random.pick(MOBILE_PREFIXES) + digits(random, 8),
  };
}

const opposite = (gender: Gender): Gender => (gender === 'MALE' ? 'FEMALE' : 'MALE');

export function addressOf(random: Random): string {
  const district = random.pick(DISTRICTS);
  return `长沙市${district.name}${random.pick(district.streets)}${random.int(1, 999)}号${random.int(1, 20)}栋${random.int(1, 32)}${String(random.int(1, 6)).padStart(2, '0')}室`;
}

export interface Business { business_name: string; business_scope: string; employment_category: string; address: string }

export function businessOf(random: Random, type: BorrowerType, proposer: Person): Business {
  const district = random.pick(DISTRICTS);
  const address = `长沙市${district.name}${random.pick(district.streets)}${random.int(1, 999)}号`;
  const employment_category = random.pick(EMPLOYMENT_CATEGORIES);
  if (type === 'PERSON') {
    const trade = random.pick(TRADES);
    return { business_name: `${district.name}${proposer.surname}记${trade.trade}`, business_scope: trade.scope, employment_category, address };
  }
  const line = random.pick(INDUSTRIES);
  const suffix = type === 'SMALL_COMPANY' ? '有限公司' : '合伙企业（普通合伙）';
  return { business_name: `长沙${random.pick(FIRM_WORDS)}${line.industry}${suffix}`, business_scope: line.scope, employment_category, address };
}

const member = (role: PersonRole, person: Person, work_unit: string, sort: number, extra: Partial<GeneratedPerson> = {}): GeneratedPerson => ({
  role, guarantorIndex: null, name: person.name, id_number: person.id_number, mobile: person.mobile, gender: person.gender,
  work_unit, share_ratio: null, sort, key_group: false, ...extra,
});

/**
 * The people around a proposer: a spouse when married, partners with their shares
 * (partnerships), newly hired employees (small companies) and guarantors, most of them with
 * their spouses (guarantor loans).
 */
export function peopleOf(random: Random, type: BorrowerType, proposer: Person, business: Business, guarantors: boolean): GeneratedPerson[] {
  const people: GeneratedPerson[] = [];
  if (random.chance(0.65)) {
    const spouse = personOf(random, { born: [1971, 2004], gender: opposite(proposer.gender), county: random.chance(0.7) ? proposer.county : undefined });
    people.push(member('SPOUSE', spouse, random.pick(random.chance(0.4) ? WORK_UNITS : OTHER_WORK), 0));
  }
  if (type === 'PARTNERSHIP') {
    const partners = random.int(1, 3);
    const shares = Array.from({ length: partners }, () => random.int(10, 30));
    for (const [sort, share] of shares.entries()) {
      people.push(member('PARTNER', personOf(random, { born: [1976, 2004] }), business.business_name, sort, { share_ratio: share.toFixed(2) }));
    }
  }
  if (type === 'SMALL_COMPANY') {
    for (let sort = 0, n = random.int(2, 6); sort < n; sort += 1) {
      const employee = personOf(random, { born: [1981, 2007] });
      // About a third of the new hires come from the key groups (read off the ID number, so the draws stay as they were).
      people.push(member('EMPLOYEE', employee, business.business_name, sort, { key_group: Number(employee.id_number.charAt(14)) % 3 === 0 }));
    }
  }
  if (guarantors) {
    for (let sort = 0, n = random.int(1, 2); sort < n; sort += 1) {
      const guarantor = personOf(random, { born: [1971, 1998] });
      people.push(member('GUARANTOR', guarantor, random.pick(WORK_UNITS), sort));
      if (random.chance(0.8)) {
        const spouse = personOf(random, { born: [1969, 2000], gender: opposite(guarantor.gender), county: guarantor.county });
        people.push(member('GUARANTOR_SPOUSE', spouse, random.pick(OTHER_WORK), sort, { guarantorIndex: people.length - 1 }));
      }
    }
  }
  return people;
}

export interface GeneratedHouse {
  certificate_no: string;
  owner: string;
  address: string;
  area: string;
  assessed_value: string;
  mortgage_state: 'PENDING' | 'REGISTERED';
  registered_on: string | null;
  mortgage_no: string;
}

/** A house worth well over the loan; registered once the guarantee company's house review passed it. */
export function houseOf(random: Random, owner: string, amount: number, registeredOn: string | null): GeneratedHouse {
  const area = random.int(600, 1600) / 10;
  const value = Math.max(Math.round((area * random.int(7000, 14000)) / 100) * 100, Math.round(amount * 1.5));
  const certificate = `湘(${random.int(2012, 2025)})长沙市不动产权第${digits(random, 7)}号`;
  return {
    certificate_no: certificate,
    owner,
    address: addressOf(random),
    area: area.toFixed(2),
    assessed_value: value.toFixed(2),
    mortgage_state: registeredOn ? 'REGISTERED' : 'PENDING',
    registered_on: registeredOn,
    // The registration certificate of the mortgage: numbered in the year of registration, after the property's number.
    mortgage_no: registeredOn ? `湘(${registeredOn.slice(0, 4)})长沙市不动产证明第${certificate.slice(-8, -1)}号` : '',
  };
}
