import * as v from 'valibot';
import type { ConsumedRoute } from '@hcm/server/platform';
import { ASSISTANT_TOOLS, type AssistantTool } from '../contract/assistant.js';

// What quality-audits reads of other areas' routes (and the platform's), by path (server/src/modules/contracts.ts):
// the assistant's tools (contract/assistant.ts), each with this area's own schema of what the tool reads of its
// route's answer — a page of rows holding the keys the tool shows and links by, whatever their values. Listed in
// the module's `consumes` and checked against what the owner publishes at start-up; the tools run through the
// platform's area client with them (assistant/tools.ts), so a column renamed by its owner fails loudly.

/** This area's own routes (the quality-assurance registers): called like the others, not consumed. */
const OWN = '/quality-assurance/';

/** The keys a tool reads of each row: its columns, and the ids its link needs. */
export function keysOf(tool: AssistantTool): string[] {
  return [...new Set([...tool.columns.map((column) => column.key), ...[...(tool.link ?? '').matchAll(/\{(\w+)\}/g)].map((match) => match[1]!)])];
}

/** The route a tool asks, read as a page of rows holding its keys (any value, null included: shown as it comes). */
export function toolRoute(tool: AssistantTool) {
  const row = v.object(Object.fromEntries(keysOf(tool).map((key) => [key, v.unknown()])));
  return { method: 'GET', path: tool.path, answer: v.object({ data: v.array(row), total: v.number(), more: v.optional(v.boolean()) }) } satisfies ConsumedRoute;
}

export const QUALITY_AUDITS_CONSUMED_ROUTES: readonly ConsumedRoute[] = ASSISTANT_TOOLS.filter((tool) => !tool.path.startsWith(OWN)).map(toolRoute);
