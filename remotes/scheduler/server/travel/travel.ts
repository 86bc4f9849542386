import type { Database } from '@hcm/server/platform';

/** Travel estimates between postcodes: stored coordinates, a road factor and a branch's average speed. */
export type Travel = {
  /** Minutes to drive from one postcode to another for a branch's carers; null when either place is unknown. */
  minutes(fromPostcode: string, toPostcode: string, branchId: number): number | null;
  /** Road miles between them; null when either place is unknown. */
  miles(fromPostcode: string, toPostcode: string, branchId: number): number | null;
};

/** Placeholder until travel lands (issue 15): knows no place. */
export async function loadTravel(db: Database, postcodes: readonly string[]): Promise<Travel> {
  void db;
  void postcodes;
  return { minutes: () => null, miles: () => null };
}
