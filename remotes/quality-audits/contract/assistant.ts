import type { QualityAuditsUsablePermission } from './permissions.js';
import { REGISTER_KINDS, REGISTERS } from './registers.js';

// The assistant at /app/ai: what its screens and its server (server/assistant/) share. The tools are the
// product's own read-only GET routes, declared once here: the server offers a language model only those the
// asking user's permissions allow, validates the model's arguments against each tool's JSON schema, and runs
// the route in-process as that user (so branches apply). The screens name each call's tool and columns from here.

/** One parameter of a tool, in JSON schema (the subset the server validates). */
export type ToolParameter =
  | { type: 'string'; description: string; enum?: readonly string[]; format?: 'date'; maxLength?: number }
  | { type: 'integer'; description: string; minimum?: number; maximum?: number };

export type ToolParameters = {
  type: 'object';
  properties: Record<string, ToolParameter>;
  required?: readonly string[];
  additionalProperties: false;
};

/** A column of a tool's rows, as sent to the model, stored and shown: `list` joins an array (of names). */
export type ToolColumn = { key: string; label: string; format?: 'date' | 'datetime' | 'list' | 'yes-no' | 'pence' };

export type AssistantTool = {
  /** The function name the model calls (letters, digits, underscores). */
  name: string;
  /** What the page calls it, in words. */
  title: string;
  /** What the model is told about it. */
  description: string;
  /** The GET route under /api/v1: fixed (no path parameters), so nothing the model says goes into the path. */
  path: string;
  /** The permission the route needs (one of `anyPermission` when the route accepts several). */
  permission?: QualityAuditsUsablePermission;
  anyPermission?: readonly QualityAuditsUsablePermission[];
  parameters: ToolParameters;
  /** Query parameters always sent (e.g. a kind the route needs). */
  fixed?: Readonly<Record<string, string>>;
  columns: readonly ToolColumn[];
  /** The screen of a row: a path with `{key}` replaced by that (whole number) column of the row. */
  link?: string;
};

/** Rows of one call kept, sent to the model and stored; and calls a question may make. */
export const ASSISTANT_MAX_ROWS = 50;
export const ASSISTANT_MAX_CALLS = 6;
export const ASSISTANT_QUESTION_MAX = 1000;
/** The longest answer kept (stored, audited and shown): a longer one is cut there and says so. */
export const ASSISTANT_ANSWER_MAX = 20_000;
export const ANSWER_CUT_NOTE = `[The answer was cut: it was longer than ${ASSISTANT_ANSWER_MAX.toLocaleString('en-GB')} characters.]`;

const date = (description: string): ToolParameter => ({ type: 'string', format: 'date', description: `${description} (YYYY-MM-DD)` });
const id = (description: string): ToolParameter => ({ type: 'integer', minimum: 1, maximum: 2_147_483_647, description });
const text = (description: string, maxLength = 100): ToolParameter => ({ type: 'string', maxLength, description });
const oneOf = (description: string, values: readonly string[]): ToolParameter => ({ type: 'string', enum: values, description });
const params = (properties: Record<string, ToolParameter>): ToolParameters => ({ type: 'object', properties, additionalProperties: false });
const BRANCH = id('Only this branch (its id; the user only ever sees their own branches).');

export const ASSISTANT_TOOLS: readonly AssistantTool[] = [
  {
    name: 'list_branches',
    title: 'Branches',
    description: "The agency's branches the user may see, with their ids (to filter other tools by branch).",
    path: '/branches',
    permission: 'branches.view',
    parameters: params({ search: text('Part of a branch name or code.') }),
    columns: [
      { key: 'id', label: 'Id' },
      { key: 'name', label: 'Branch' },
      { key: 'code', label: 'Code' },
      { key: 'town', label: 'Town' },
    ],
  },
  {
    name: 'search_visits',
    title: 'Visits',
    description:
      'Planned and past visits in a period, with planned and actual start/end times (actual_start later than start_time means the carer arrived late), status, client and carers. Filter by dates, branch, client, carer, status or a search of client/carer names.',
    path: '/visits',
    anyPermission: ['visits.view', 'scheduler.view'],
    parameters: params({
      from: date('First day'),
      to: date('Last day'),
      branch_id: BRANCH,
      client_id: id('Only this client (id).'),
      carer_id: id('Only this carer (id).'),
      status: oneOf('Visit status.', ['unassigned', 'assigned', 'in-progress', 'completed', 'missed', 'cancelled']),
      search: text('Part of a client or carer name, or a postcode.'),
      sort: oneOf('Order.', ['date', 'client', 'status', 'branch']),
      mode: oneOf('Direction.', ['asc', 'desc']),
    }),
    columns: [
      { key: 'id', label: 'Visit' },
      { key: 'date', label: 'Day', format: 'date' },
      { key: 'start_time', label: 'Planned start' },
      { key: 'end_time', label: 'Planned end' },
      { key: 'actual_start', label: 'Actual start' },
      { key: 'actual_end', label: 'Actual end' },
      { key: 'client_name', label: 'Client' },
      { key: 'carers', label: 'Carers', format: 'list' },
      { key: 'branch', label: 'Branch' },
      { key: 'status', label: 'Status' },
    ],
    link: '/app/visits/{id}',
  },
  {
    name: 'live_visits_of_a_day',
    title: "A day's visits as they happen",
    description:
      "One day's visits (today by default) with check-in time and whether the carer was punctual and on site. flag=not-punctual gives the visits a carer checked in late to; flag=not-on-site those checked in away from the home.",
    path: '/live/visits',
    permission: 'visits.view',
    parameters: params({
      date: date('The day (today by default)'),
      branch_id: BRANCH,
      carer_id: id('Only this carer (id).'),
      state: oneOf('Visit status.', ['unassigned', 'assigned', 'in-progress', 'completed', 'missed', 'cancelled']),
      flag: oneOf('Only visits flagged so.', ['not-punctual', 'not-on-site']),
    }),
    columns: [
      { key: 'id', label: 'Visit' },
      { key: 'start_time', label: 'Planned start' },
      { key: 'end_time', label: 'Planned end' },
      { key: 'client_name', label: 'Client' },
      { key: 'carer_names', label: 'Carers', format: 'list' },
      { key: 'status', label: 'Status' },
      { key: 'check_in_at', label: 'Checked in', format: 'datetime' },
      { key: 'punctual', label: 'Punctual', format: 'yes-no' },
      { key: 'on_site', label: 'On site', format: 'yes-no' },
    ],
    link: '/app/visits/{id}',
  },
  {
    name: 'visit_alerts',
    title: 'Late and missed visit alerts',
    description: 'Alerts raised by visit monitoring: late visits, late time-critical medication visits, missed visits and carer support requests, newest first. Filter by kind, state, branch or the day raised.',
    path: '/live/alerts',
    permission: 'visits.view',
    parameters: params({
      kind: oneOf('Kind of alert.', ['late', 'time-critical-late', 'missed', 'carer-support']),
      state: oneOf('State (active = open or acknowledged).', ['open', 'acknowledged', 'resolved', 'active']),
      branch_id: BRANCH,
      date: date('Raised on this day'),
    }),
    columns: [
      { key: 'id', label: 'Alert' },
      { key: 'kind_label', label: 'Alert' },
      { key: 'state_label', label: 'State' },
      { key: 'client_name', label: 'Client' },
      { key: 'carer_name', label: 'Carer' },
      { key: 'planned_start', label: 'Planned start', format: 'datetime' },
      { key: 'raised_at', label: 'Raised', format: 'datetime' },
      { key: 'arrived_at', label: 'Arrived', format: 'datetime' },
      { key: 'visit_id', label: 'Visit' },
    ],
    link: '/app/visits/{visit_id}',
  },
  {
    name: 'search_clients',
    title: 'Clients',
    description: 'Clients (people receiving care) by name, NHS number, town or postcode, status or branch.',
    path: '/clients',
    permission: 'clients.view',
    parameters: params({
      search: text('Part of a name, NHS number, town or postcode.'),
      status: oneOf('Client status.', ['active', 'in-hospital', 'paused', 'ended', 'deceased']),
      branch_id: BRANCH,
    }),
    columns: [
      { key: 'id', label: 'Client' },
      { key: 'first_name', label: 'First name' },
      { key: 'last_name', label: 'Last name' },
      { key: 'status', label: 'Status' },
      { key: 'town', label: 'Town' },
      { key: 'postcode', label: 'Postcode' },
      { key: 'start_date', label: 'Start of care', format: 'date' },
    ],
    link: '/app/clients/{id}',
  },
  {
    name: 'list_carers',
    title: 'Carers',
    description: "Carers with their branch, role, status and file compliance (compliant, expiring, non-compliant) and the next document to expire.",
    path: '/carers/overview',
    permission: 'carers.view',
    parameters: params({
      search: text('Part of a name, town, postcode or email.'),
      branch_id: BRANCH,
      status: oneOf('Carer status.', ['applicant', 'active', 'suspended', 'leaver']),
      compliance: oneOf('File compliance.', ['compliant', 'expiring', 'non-compliant']),
    }),
    columns: [
      { key: 'id', label: 'Carer' },
      { key: 'name', label: 'Name' },
      { key: 'status', label: 'Status' },
      { key: 'branch', label: 'Branch' },
      { key: 'role', label: 'Role' },
      { key: 'compliance', label: 'Compliance' },
      { key: 'next_expiry', label: 'Next expiry', format: 'date' },
    ],
    link: '/app/carers/{id}/edit',
  },
  {
    name: 'carers_due',
    title: 'Supervisions, spot checks and appraisals due',
    description: "Carers' supervisions, spot checks or annual appraisals with the last date, the next due date and whether it is overdue or due soon (soonest first).",
    path: '/carers/due',
    permission: 'carers.view',
    parameters: { ...params({ kind: oneOf('What is due.', ['supervisions', 'spot-check', 'annual-appraisal']), state: oneOf('Which ones.', ['all', 'overdue', 'due']), branch_id: BRANCH }), required: ['kind'] },
    columns: [
      { key: 'id', label: 'Carer' },
      { key: 'name', label: 'Name' },
      { key: 'branch', label: 'Branch' },
      { key: 'last_date', label: 'Last done', format: 'date' },
      { key: 'next_due', label: 'Next due', format: 'date' },
      { key: 'state', label: 'State' },
      { key: 'days_overdue', label: 'Days overdue' },
    ],
    link: '/app/carers/{id}/edit',
  },
  {
    name: 'incidents',
    title: 'Incidents reported by carers',
    description: 'Incidents carers reported from visits (falls, hazards, injuries, safeguarding concerns…), newest first, with their state (open until the office reviews them).',
    path: '/live-events/incidents',
    permission: 'clients.view',
    parameters: params({
      kind: oneOf('Kind of incident.', ['fall', 'hazard', 'injury', 'safeguarding-concern', 'behaviour', 'property-damage', 'near-miss', 'other']),
      state: oneOf('State.', ['open', 'reviewed']),
      from: date('From day'),
      to: date('To day'),
      branch_id: BRANCH,
    }),
    columns: [
      { key: 'id', label: 'Incident' },
      { key: 'happened_at', label: 'Happened', format: 'datetime' },
      { key: 'kind', label: 'Kind' },
      { key: 'client_name', label: 'Client' },
      { key: 'carer_name', label: 'Reported by' },
      { key: 'state', label: 'State' },
      { key: 'description', label: 'What happened' },
    ],
    link: '/app/clients/{client_id}',
  },
  {
    name: 'family_feedback',
    title: "Families' comments, complaints and compliments",
    description: "Comments, complaints, compliments and concerns from clients' families, newest first; state open means not yet acknowledged by the office.",
    path: '/live-events/family-feedback',
    permission: 'clients.view',
    parameters: params({
      kind: oneOf('Kind.', ['comment', 'complaint', 'compliment', 'concern']),
      state: oneOf('State.', ['open', 'acknowledged']),
      from: date('From day'),
      to: date('To day'),
      branch_id: BRANCH,
    }),
    columns: [
      { key: 'id', label: 'Feedback' },
      { key: 'recorded_at', label: 'Recorded', format: 'datetime' },
      { key: 'kind', label: 'Kind' },
      { key: 'client_name', label: 'Client' },
      { key: 'from', label: 'From' },
      { key: 'state', label: 'State' },
      { key: 'text', label: 'What they said' },
    ],
    link: '/app/clients/{client_id}',
  },
  {
    name: 'invoices',
    title: 'Invoices raised',
    description: 'Invoices raised to funders and private clients with totals, amounts paid and outstanding (in pence), status and dates.',
    path: '/finance/invoices',
    permission: 'finance.view',
    parameters: params({
      status: oneOf('Invoice status.', ['posted', 'sent', 'part-paid', 'paid', 'void']),
      from: date('Issued from'),
      to: date('Issued to'),
      branch_id: BRANCH,
      search: text('Part of a number or payer.'),
    }),
    columns: [
      { key: 'id', label: 'Invoice' },
      { key: 'number', label: 'Number' },
      { key: 'payer_name', label: 'Payer' },
      { key: 'branch', label: 'Branch' },
      { key: 'issue_date', label: 'Issued', format: 'date' },
      { key: 'due_date', label: 'Due', format: 'date' },
      { key: 'total_pence', label: 'Total', format: 'pence' },
      { key: 'outstanding_pence', label: 'Outstanding', format: 'pence' },
      { key: 'status', label: 'Status' },
    ],
  },
  // One tool per quality-assurance register (GET /quality-assurance/<kind>), from the registers' declarations.
  ...REGISTER_KINDS.map(
    (kind): AssistantTool => ({
      name: `quality_${kind.replaceAll('-', '_')}`,
      title: REGISTERS[kind].title,
      description: `The ${REGISTERS[kind].title.toLowerCase()} register (quality assurance): each ${REGISTERS[kind].singular} with its reference, date, status, due date and whether it is overdue, newest first.`,
      path: `/quality-assurance/${kind}`,
      permission: 'quality.view',
      parameters: params({
        status: oneOf('Status.', REGISTERS[kind].statuses.map((status) => status.value)),
        overdue: oneOf('"1" for overdue ones only.', ['1']),
        search: text('Words to look for: reference, summary, people involved.'),
        from: date('From day'),
        to: date('To day'),
        branch_id: BRANCH,
      }),
      columns: [
        { key: 'reference', label: 'Reference' },
        { key: 'occurred_on', label: REGISTERS[kind].dateLabel, format: 'date' },
        { key: 'branch', label: 'Branch' },
        { key: 'summary', label: 'Summary' },
        { key: 'people', label: 'People involved' },
        { key: 'status', label: 'Status' },
        { key: 'due_on', label: 'Due', format: 'date' },
        { key: 'overdue', label: 'Overdue', format: 'yes-no' },
      ],
      link: `/app/quality-assurance/${kind}/{id}/edit`,
    }),
  ),
];

export const toolNamed = (name: string) => ASSISTANT_TOOLS.find((tool) => tool.name === name);

/** Whether a user with these permissions may use the tool. */
export function mayUseTool(tool: AssistantTool, permissions: readonly string[]): boolean {
  if (tool.permission && !permissions.includes(tool.permission)) return false;
  if (tool.anyPermission && !tool.anyPermission.some((permission) => permissions.includes(permission))) return false;
  return !!(tool.permission || tool.anyPermission);
}

/** The screen of a row, when the tool knows one and the row holds the id it needs. */
export function linkOf(tool: AssistantTool | undefined, row: Record<string, unknown>): string | null {
  if (!tool?.link) return null;
  let missing = false;
  const path = tool.link.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = row[key];
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) missing = true;
    return String(value);
  });
  return missing ? null : path;
}

// ---- the API's answers

/** GET /api/v1/assistant/status */
export type AssistantStatus = { configured: boolean; model: string | null; how: string };

export type QuestionStatus = 'answered' | 'failed';

/** A row of GET /api/v1/assistant/questions (the user's own, newest first). */
export type AssistantQuestionRow = {
  id: number;
  question: string;
  answer: string;
  status: QuestionStatus;
  error: string;
  model: string;
  asked_at: string;
  duration_ms: number;
  call_count: number;
};

/** One call of the route of a tool, with the rows it answered (at most ASSISTANT_MAX_ROWS). */
export type AssistantCall = {
  id: number;
  tool: string;
  title: string;
  parameters: Record<string, string | number>;
  url: string;
  status_code: number;
  row_count: number;
  total: number | null;
  duration_ms: number;
  error: string;
  rows: Record<string, string | number | boolean | null>[];
};

/** GET /api/v1/assistant/questions/:id, and the answer of POST /api/v1/assistant/questions. */
export type AssistantQuestion = AssistantQuestionRow & { calls: AssistantCall[] };

/** POST /api/v1/assistant/questions */
export type AskBody = { question: string };
