// The operations view of the product's background work (the platform's outbox and scheduled jobs, server/src/events):
// what GET /api/v1/event-deliveries and GET /api/v1/scheduled-jobs answer, for the host's "Areas and versions" page.

/** A delivery of a domain event to one consumer that failed, or waits to be tried again. */
export type EventDeliveryView = {
  event_id: number;
  /** '<area>:<handler>'. */
  consumer: string;
  status: 'pending' | 'failed';
  attempts: number;
  last_error: string | null;
  next_attempt_at: string;
  /** '<area>.<what happened>'. */
  type: string;
  area: string;
  payload: Record<string, unknown>;
  occurred_at: string;
};

export type EventDeliveriesAnswer = { deliveries: EventDeliveryView[]; counts: { pending?: number; failed?: number } };

/** One scheduled job: when it last ran and how, when it runs next, who holds it now. */
export type ScheduledJobView = {
  name: string;
  next_run_at: string;
  /** Set while a process runs it. */
  lease_owner: string | null;
  lease_until: string | null;
  last_started_at: string | null;
  last_finished_at: string | null;
  last_error: string | null;
  runs: number;
};
