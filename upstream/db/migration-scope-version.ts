import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * 0033: the organisation tree moves the grants' version too. Which organisations' cases a user
 * may read is their organisation's subtree (and everything for the operator's), so a new
 * organisation, a move to another parent, a change of type or a deletion changes what its
 * users may open, like a change of their roles. The service keeps each subtree for as long as
 * the version stays (upstream/db/versioned.ts).
 */
export const scopeVersion: Migration = {
  async up(db: Kysely<any>) {
    await sql`create trigger organization_grant_version after insert or delete or truncate or update of parent_id, type on organization
      for each statement execute function bump_grant_version()`.execute(db);
  },
};
