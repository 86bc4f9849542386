import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches, createdAt, users } from '@hcm/server/schema';
import type { ChargeWarning, DayKind } from '../../contract/rates/types.js';

// Finance's ledger: invoice runs and their invoices and lines, credit notes, payments and their allocation, the
// gap-free number sequences and the audit trail of every change (before and after). Money is integer pence.
// Visits, clients and funders are other areas' rows: referred to by id (and copied where an invoice must keep
// what it said), never by foreign key.

/** Who an invoice is addressed to: a funder (one invoice for all its clients of the period) or a private client. */
export type PayerKind = 'funder' | 'client';
export type RunStatus = 'posted' | 'reset';
/** posted → sent → part-paid → paid; 'void' after its run was reset (the number stays, marked void). */
export type InvoiceStatus = 'posted' | 'sent' | 'part-paid' | 'paid' | 'void';

/**
 * One generation of invoices for a branch, a payer and a period. Two people generating the same period: the
 * partial unique index lets one posted run exist per (branch, payer, period); the second insert fails and is told.
 */
export const invoiceRuns = pgTable(
  'finance_invoice_runs',
  {
    id: serial('id').primaryKey(),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    payer_kind: text('payer_kind').$type<PayerKind>().notNull(),
    /** The funder of a funder run; null for a private clients' run. */
    funder_code_id: integer('funder_code_id'),
    /** A single client's run (client-invoice); null for every client of the funder. */
    client_id: integer('client_id'),
    period_from: date('period_from', { mode: 'string' }).notNull(),
    period_to: date('period_to', { mode: 'string' }).notNull(),
    status: text('status').$type<RunStatus>().notNull().default('posted'),
    invoice_count: integer('invoice_count').notNull().default(0),
    total_pence: bigint('total_pence', { mode: 'number' }).notNull().default(0),
    created_by: integer('created_by').references(() => users.id),
    created_at: createdAt(),
    reset_by: integer('reset_by').references(() => users.id),
    reset_at: timestamp('reset_at', { withTimezone: true }),
    reset_reason: text('reset_reason').notNull().default(''),
  },
  (t) => [
    uniqueIndex('finance_invoice_runs_one_posted')
      .on(t.branch_id, t.payer_kind, sql`coalesce(${t.funder_code_id}, 0)`, sql`coalesce(${t.client_id}, 0)`, t.period_from, t.period_to)
      .where(sql`${t.status} = 'posted'`),
    check('finance_invoice_runs_status_check', sql`${t.status} in ('posted', 'reset')`),
    check('finance_invoice_runs_payer_check', sql`${t.payer_kind} in ('funder', 'client')`),
    check('finance_invoice_runs_period_check', sql`${t.period_to} >= ${t.period_from}`),
  ],
);

/** Gap-free numbers: one row per series ('invoice', 'credit-note') and fiscal year, locked while a run posts. */
export const numberSequences = pgTable(
  'finance_number_sequences',
  {
    series: text('series').notNull(),
    /** The fiscal year's name, e.g. '2026-27' (reference data's fiscal years; April to March without one). */
    fiscal_year: text('fiscal_year').notNull(),
    last_number: integer('last_number').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.series, t.fiscal_year] })],
);

export const invoices = pgTable(
  'finance_invoices',
  {
    id: serial('id').primaryKey(),
    /** 'INV-2026-27-000123': the series, the fiscal year and the gap-free number. Used as the print slug. */
    number: text('number').notNull(),
    fiscal_year: text('fiscal_year').notNull(),
    sequence: integer('sequence').notNull(),
    run_id: integer('run_id')
      .notNull()
      .references(() => invoiceRuns.id),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    payer_kind: text('payer_kind').$type<PayerKind>().notNull(),
    funder_code_id: integer('funder_code_id'),
    /** The private client billed (client invoices); null on a funder's invoice. */
    client_id: integer('client_id'),
    /** The payer's name and address as printed, kept as they were when it was posted. */
    payer_name: text('payer_name').notNull(),
    payer_address: text('payer_address').notNull().default(''),
    payer_email: text('payer_email').notNull().default(''),
    period_from: date('period_from', { mode: 'string' }).notNull(),
    period_to: date('period_to', { mode: 'string' }).notNull(),
    issue_date: date('issue_date', { mode: 'string' }).notNull(),
    due_date: date('due_date', { mode: 'string' }).notNull(),
    /** The printed variant: 'default' or a regional template of the funder's rate card. */
    template: text('template').notNull().default('default'),
    /** How clients are named on its lines: 'name', 'nhs-number' or 'council-id'. */
    client_identifier: text('client_identifier').notNull().default('name'),
    purchase_order: text('purchase_order').notNull().default(''),
    subtotal_pence: bigint('subtotal_pence', { mode: 'number' }).notNull(),
    total_pence: bigint('total_pence', { mode: 'number' }).notNull(),
    /** Kept up to date by credit notes and allocations, in the same transaction. */
    credited_pence: bigint('credited_pence', { mode: 'number' }).notNull().default(0),
    paid_pence: bigint('paid_pence', { mode: 'number' }).notNull().default(0),
    status: text('status').$type<InvoiceStatus>().notNull().default('posted'),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    sent_by: integer('sent_by').references(() => users.id),
    created_by: integer('created_by').references(() => users.id),
    created_at: createdAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('finance_invoices_number_unique').on(t.number),
    uniqueIndex('finance_invoices_sequence_unique').on(t.fiscal_year, t.sequence),
    index('finance_invoices_run_idx').on(t.run_id),
    index('finance_invoices_payer_idx').on(t.payer_kind, t.funder_code_id, t.client_id),
    index('finance_invoices_issue_idx').on(t.issue_date),
    check('finance_invoices_status_check', sql`${t.status} in ('posted', 'sent', 'part-paid', 'paid', 'void')`),
    check('finance_invoices_amounts_check', sql`${t.credited_pence} >= 0 and ${t.paid_pence} >= 0`),
  ],
);

/**
 * A charged visit on an invoice, with everything its figure came from. A visit is on at most one live line: the
 * partial unique index on visit_id holds while the line is neither void nor credited, so an invoiced visit
 * cannot be invoiced twice and changes to it go through a credit note first.
 */
export const invoiceLines = pgTable(
  'finance_invoice_lines',
  {
    id: serial('id').primaryKey(),
    invoice_id: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    visit_id: integer('visit_id').notNull(),
    client_id: integer('client_id').notNull(),
    /** The client as printed (name, NHS number or council id, by the invoice's identifier). */
    client_label: text('client_label').notNull(),
    /** The client's name, NHS number and council id as they were when posted: the printed variants name them so. */
    client_identity: jsonb('client_identity').$type<{ name: string; nhs_number: string; council_id: string }>().notNull(),
    visit_date: date('visit_date', { mode: 'string' }).notNull(),
    planned_start: timestamp('planned_start', { withTimezone: true }).notNull(),
    planned_end: timestamp('planned_end', { withTimezone: true }).notNull(),
    actual_start: timestamp('actual_start', { withTimezone: true }),
    actual_end: timestamp('actual_end', { withTimezone: true }),
    day_kind: text('day_kind').$type<DayKind>().notNull(),
    rate_card_id: integer('rate_card_id'),
    billed_minutes: integer('billed_minutes').notNull(),
    rate_pence: integer('rate_pence').notNull(),
    rate_label: text('rate_label').notNull(),
    /** The fixed-price band charged (its call length); null for hourly pricing. The council PDF's call bands use it. */
    band_minutes: integer('band_minutes'),
    /** What was charged and why, as printed in the Rate column ('' on lines posted before it was kept). */
    charged_as: text('charged_as').notNull().default(''),
    carers_charged: integer('carers_charged').notNull(),
    care_pence: integer('care_pence').notNull(),
    mileage_pence: integer('mileage_pence').notNull().default(0),
    call_out_pence: integer('call_out_pence').notNull().default(0),
    amount_pence: integer('amount_pence').notNull(),
    cancellation: text('cancellation').notNull().default(''),
    warnings: jsonb('warnings').$type<ChargeWarning[]>().notNull().default([]),
    explanation: text('explanation').notNull(),
    /** 'live' → 'credited' (by a credit note line) or 'void' (its run was reset). */
    state: text('state').$type<'live' | 'credited' | 'void'>().notNull().default('live'),
  },
  (t) => [
    index('finance_invoice_lines_invoice_idx').on(t.invoice_id),
    uniqueIndex('finance_invoice_lines_visit_live').on(t.visit_id).where(sql`${t.state} = 'live'`),
    check('finance_invoice_lines_state_check', sql`${t.state} in ('live', 'credited', 'void')`),
  ],
);

/** A credit note corrects one invoice: all of it or some of its lines. Numbered gap-free in its own series. */
export const creditNotes = pgTable(
  'finance_credit_notes',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    fiscal_year: text('fiscal_year').notNull(),
    sequence: integer('sequence').notNull(),
    invoice_id: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    issue_date: date('issue_date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    total_pence: bigint('total_pence', { mode: 'number' }).notNull(),
    created_by: integer('created_by').references(() => users.id),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('finance_credit_notes_number_unique').on(t.number),
    uniqueIndex('finance_credit_notes_sequence_unique').on(t.fiscal_year, t.sequence),
    index('finance_credit_notes_invoice_idx').on(t.invoice_id),
    check('finance_credit_notes_total_check', sql`${t.total_pence} > 0`),
  ],
);

export const creditNoteLines = pgTable(
  'finance_credit_note_lines',
  {
    id: serial('id').primaryKey(),
    credit_note_id: integer('credit_note_id')
      .notNull()
      .references(() => creditNotes.id),
    invoice_line_id: integer('invoice_line_id')
      .notNull()
      .references(() => invoiceLines.id),
    amount_pence: integer('amount_pence').notNull(),
  },
  (t) => [uniqueIndex('finance_credit_note_lines_line_unique').on(t.invoice_line_id), index('finance_credit_note_lines_note_idx').on(t.credit_note_id)],
);

export type PaymentMethod = 'bacs' | 'card' | 'cheque' | 'cash' | 'direct-debit' | 'standing-order';

/** Money received from a payer. What is not allocated to invoices is held on the payer's account. */
export const payments = pgTable(
  'finance_payments',
  {
    id: serial('id').primaryKey(),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    payer_kind: text('payer_kind').$type<PayerKind>().notNull(),
    funder_code_id: integer('funder_code_id'),
    client_id: integer('client_id'),
    received_on: date('received_on', { mode: 'string' }).notNull(),
    amount_pence: bigint('amount_pence', { mode: 'number' }).notNull(),
    allocated_pence: bigint('allocated_pence', { mode: 'number' }).notNull().default(0),
    method: text('method').$type<PaymentMethod>().notNull(),
    reference: text('reference').notNull().default(''),
    notes: text('notes').notNull().default(''),
    created_by: integer('created_by').references(() => users.id),
    created_at: createdAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('finance_payments_payer_idx').on(t.payer_kind, t.funder_code_id, t.client_id),
    check('finance_payments_amount_check', sql`${t.amount_pence} > 0 and ${t.allocated_pence} >= 0 and ${t.allocated_pence} <= ${t.amount_pence}`),
    check('finance_payments_method_check', sql`${t.method} in ('bacs', 'card', 'cheque', 'cash', 'direct-debit', 'standing-order')`),
  ],
);

/** Part of a payment set against an invoice. */
export const paymentAllocations = pgTable(
  'finance_payment_allocations',
  {
    id: serial('id').primaryKey(),
    payment_id: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    invoice_id: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    amount_pence: bigint('amount_pence', { mode: 'number' }).notNull(),
    allocated_by: integer('allocated_by').references(() => users.id),
    allocated_at: createdAt(),
  },
  (t) => [
    index('finance_payment_allocations_payment_idx').on(t.payment_id),
    index('finance_payment_allocations_invoice_idx').on(t.invoice_id),
    check('finance_payment_allocations_amount_check', sql`${t.amount_pence} > 0`),
  ],
);

/**
 * The finance audit trail (finance/audit-trail, finance/:id/audit/:editid): every change to a finance record with
 * its state before and after. Written in the same transaction as the change.
 */
export const financeChanges = pgTable(
  'finance_changes',
  {
    id: serial('id').primaryKey(),
    /** 'invoice-run', 'invoice', 'credit-note', 'payment', 'allocation', 'rate-card', 'pay-run', 'expense'... */
    entity: text('entity').notNull(),
    entity_id: integer('entity_id').notNull(),
    /** 'generated', 'reset', 'sent', 'credited', 'recorded', 'allocated', 'unallocated', 'updated'... */
    action: text('action').notNull(),
    /** A sentence for the list: "Posted 12 invoices for London Borough of Camden, 1–31 Oct 2026". */
    summary: text('summary').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    reason: text('reason').notNull().default(''),
    branch_id: integer('branch_id').references(() => branches.id),
    changed_by: integer('changed_by').references(() => users.id),
    changed_at: createdAt(),
  },
  (t) => [index('finance_changes_entity_idx').on(t.entity, t.entity_id), index('finance_changes_at_idx').on(t.changed_at)],
);
