import { isCalendarDate } from '@hcm/contract/engine';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AreaCallError, areaClient } from '@hcm/server/platform';
import { ASSISTANT_MAX_ROWS, ASSISTANT_TOOLS, type AssistantTool, type ToolColumn } from '../../contract/assistant.js';
import { toolRoute } from '../consumed-routes.js';
import type { ToolDefinition } from './model.js';

// Running a tool: the model's arguments checked against the tool's declared JSON schema, put in the query
// string (the path is fixed), and the route asked in this process as the signed-in user through the platform's
// area client (their cookie or bearer token forwarded), so the route's own permission and branch rules apply; its
// answer is read with the tool's declared schema (../consumed-routes.ts).

export type Cell = string | number | boolean | null;
export type ToolRow = Record<string, Cell>;

/** The tools offered to the model, in the Chat Completions `tools` shape. */
export const definitionOf = (tool: AssistantTool): ToolDefinition => ({
  type: 'function',
  function: { name: tool.name, description: tool.description, parameters: tool.parameters },
});

/** The model's arguments (a JSON object in a string) checked against the tool's schema: values or per-field errors. */
export function argumentsOf(tool: AssistantTool, raw: string): { values: Record<string, string | number> } | { errors: Record<string, string[]> } {
  let parsed: unknown;
  try {
    parsed = raw.trim() ? JSON.parse(raw) : {};
  } catch {
    return { errors: { arguments: ['The arguments must be a JSON object.'] } };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { errors: { arguments: ['The arguments must be a JSON object.'] } };
  // Without a prototype: a key such as `__proto__` is then an entry like any other, never the object's prototype.
  const errors: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  const values: Record<string, string | number> = Object.create(null) as Record<string, string | number>;
  const { properties, required = [] } = tool.parameters;
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
    // Own properties only: `constructor`, `toString` or `__proto__` are members of every object, not parameters.
    const spec = Object.hasOwn(properties, key) ? properties[key] : undefined;
    // Some models send null or '' for a parameter they do not want: the same as leaving it out.
    if (value === null || value === '') continue;
    if (!spec) {
      errors[key] = [`Unknown parameter: use only ${Object.keys(properties).join(', ') || 'none'}.`];
      continue;
    }
    if (spec.type === 'integer') {
      const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
      if (typeof number !== 'number' || !Number.isSafeInteger(number)) errors[key] = ['Must be a whole number.'];
      else if ((spec.minimum !== undefined && number < spec.minimum) || (spec.maximum !== undefined && number > spec.maximum)) errors[key] = [`Must be from ${spec.minimum ?? '…'} to ${spec.maximum ?? '…'}.`];
      else values[key] = number;
      continue;
    }
    if (typeof value !== 'string') errors[key] = ['Must be text.'];
    else if (spec.enum && !spec.enum.includes(value)) errors[key] = [`Must be one of: ${spec.enum.join(', ')}.`];
    else if (spec.format === 'date' && !isCalendarDate(value)) errors[key] = ['Must be a date like 2026-11-24.'];
    else if (value.length > (spec.maxLength ?? 100)) errors[key] = [`At most ${spec.maxLength ?? 100} characters.`];
    else values[key] = value;
  }
  for (const key of required) if (!Object.hasOwn(values, key) && !Object.hasOwn(errors, key)) errors[key] = ['Required.'];
  // Plain objects again for the callers (spread defines own properties, `__proto__` included).
  return Object.keys(errors).length ? { errors: { ...errors } } : { values: { ...values } };
}

/** The route's URL for these values: always one page of at most ASSISTANT_MAX_ROWS rows. */
export function urlOf(tool: AssistantTool, values: Record<string, string | number>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(tool.fixed ?? {})) search.set(key, value);
  for (const [key, value] of Object.entries(values)) search.set(key, String(value));
  search.set('page', '1');
  search.set('page_size', String(ASSISTANT_MAX_ROWS));
  return `/api/v1${tool.path}?${search.toString()}`;
}

/** Each tool's route with the schema of what it reads, by tool name. */
const ROUTES = new Map(ASSISTANT_TOOLS.map((tool) => [tool.name, toolRoute(tool)]));

function cellOf(value: unknown, column: ToolColumn): Cell {
  if (value === undefined || value === null) return null;
  if (column.format === 'list' && Array.isArray(value)) {
    return value.map((item) => (typeof item === 'object' && item !== null && Object.hasOwn(item, 'name') ? String((item as { name: unknown }).name) : String(item))).join(', ');
  }
  if (typeof value === 'string') return value.length > 500 ? `${value.slice(0, 497)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value).slice(0, 500);
}

/** A row in the tool's columns only (what the model is sent, what is stored and shown). */
export function projected(tool: AssistantTool, row: unknown): ToolRow {
  const source = (typeof row === 'object' && row !== null ? row : {}) as Record<string, unknown>;
  const out: ToolRow = {};
  const own = (key: string) => (Object.hasOwn(source, key) ? source[key] : undefined);
  for (const column of tool.columns) out[column.key] = cellOf(own(column.key), column);
  // The ids a row's link needs travel with it even when not a column.
  for (const [, key] of (tool.link ?? '').matchAll(/\{(\w+)\}/g)) if (!Object.hasOwn(out, key!)) out[key!] = cellOf(own(key!), { key: key!, label: key! });
  return out;
}

/** `more`: the route stopped counting at `total` (a list too long to count, like the visits list at a large agency). */
export type ToolRun = { url: string; statusCode: number; rows: ToolRow[]; total: number | null; more: boolean; error: string; durationMs: number };

/** Asks the tool's route as the user; the rows of its page (or list), capped, in the tool's columns. */
export async function runTool(app: FastifyInstance, request: FastifyRequest, tool: AssistantTool, values: Record<string, string | number>): Promise<ToolRun> {
  const url = urlOf(tool, values);
  const started = performance.now();
  const durationMs = () => Math.round(performance.now() - started);
  const route = ROUTES.get(tool.name) ?? toolRoute(tool);
  try {
    const page = await areaClient(app, request).get(route, { query: { ...tool.fixed, ...values, page: 1, page_size: ASSISTANT_MAX_ROWS } });
    return { url, statusCode: 200, rows: page.data.slice(0, ASSISTANT_MAX_ROWS).map((row) => projected(tool, row)), total: page.total, more: page.more === true, error: '', durationMs: durationMs() };
  } catch (error) {
    // The route refusing (403, 422…) is the model's to read: its message and field errors.
    if (!(error instanceof AreaCallError)) throw error;
    let body: { message?: unknown; errors?: unknown } = {};
    try {
      body = (JSON.parse(error.body) as typeof body | null) ?? {};
    } catch {
      body = {};
    }
    const detail = body.errors && typeof body.errors === 'object' ? ` ${JSON.stringify(body.errors)}` : '';
    return { url, statusCode: error.statusCode, rows: [], total: null, more: false, error: `${typeof body.message === 'string' ? body.message : 'The route refused.'}${detail}`.slice(0, 1000), durationMs: durationMs() };
  }
}
