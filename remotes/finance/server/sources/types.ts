import type { BillableVisit, WorkedVisit } from '../../contract/rates/types.js';

// What finance reads of the other areas, through their HTTP APIs as the signed-in user (./api-sources.ts):
// the scheduler's visits, care-records' clients' billing details, workforce's carers' pay details. Each of those
// routes accepts finance's permissions, so a finance officer needs no care-record or rota access.

/** A client as an invoice names and addresses them (care-records GET /api/v1/clients/billing-profiles). */
export type ClientBilling = {
  id: number;
  branch_id: number;
  name: string;
  nhs_number: string;
  local_authority_id: string;
  /** One line per address line, as printed on a private client's invoice. */
  address: string;
  postcode: string;
  status: string;
};

/** A carer as pay reads them (workforce GET /api/v1/carers/pay-profiles). */
export type CarerPayProfile = {
  id: number;
  branch_id: number;
  name: string;
  /** Reference data's pay band; null when none is set (pay then has no rate: flagged). */
  band_id: number | null;
  date_of_birth: string | null;
  /** Payroll reference for the wages file; '' when none. */
  payroll_number: string;
  status: string;
};

export type VisitQuery = {
  from: string;
  to: string;
  branchIds?: readonly number[];
  funderCodeIds?: readonly number[];
  clientIds?: readonly number[];
};

export interface FinanceSources {
  /** Visits planned in [from, to] (UK days), every status, with their carers (scheduler GET /visits/billing). */
  billableVisits(query: VisitQuery): Promise<BillableVisit[]>;
  /** Each carer's worked visits in [from, to], in time order, with travel from their previous visit that day. */
  workedVisits(query: { from: string; to: string; branchIds?: readonly number[]; carerIds?: readonly number[] }): Promise<Map<number, WorkedVisit[]>>;
  clients(query: { ids?: readonly number[]; branchIds?: readonly number[] }): Promise<ClientBilling[]>;
  carers(query: { ids?: readonly number[]; branchIds?: readonly number[] }): Promise<CarerPayProfile[]>;
}
