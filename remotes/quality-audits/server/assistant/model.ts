// The boundary with the language model: an OpenAI-compatible Chat Completions endpoint with tool calling
// (OpenAI, Ollama, llama.cpp's server, vLLM, LM Studio…), set by environment variables read at each request.
import { clock } from '@hcm/contract/time';

/** `timeoutMs`: how long a whole question (every round with the model) may take. */
export type AssistantConfig = { baseUrl: string; model: string; apiKey: string | null; timeoutMs: number };

export const HOW_TO_CONFIGURE =
  'The assistant needs a language model with tool calling behind an OpenAI-compatible Chat Completions API. ' +
  'Set ASSISTANT_API_URL (the API base, e.g. http://127.0.0.1:11434/v1 for a local Ollama server) and ASSISTANT_MODEL ' +
  '(e.g. qwen2.5:7b-instruct), plus ASSISTANT_API_KEY when the server needs one, in the API server’s environment, then restart it. ' +
  'A local model server works: install Ollama, run `ollama pull qwen2.5:7b-instruct`, and start the API with ' +
  'ASSISTANT_API_URL=http://127.0.0.1:11434/v1 ASSISTANT_MODEL=qwen2.5:7b-instruct (llama.cpp: `llama-server -m model.gguf --jinja --port 8081` ' +
  'and ASSISTANT_API_URL=http://127.0.0.1:8081/v1). ASSISTANT_TIMEOUT_MS sets how long a whole question may take (25000 by default, so the answer reaches the page within its 30-second limit).';

/** The model's configuration, or null when the assistant is not configured. */
export function assistantConfig(env: NodeJS.ProcessEnv = process.env): AssistantConfig | null {
  const baseUrl = (env.ASSISTANT_API_URL ?? '').trim().replace(/\/+$/, '');
  const model = (env.ASSISTANT_MODEL ?? '').trim();
  if (!baseUrl || !model || !/^https?:\/\//i.test(baseUrl)) return null;
  const timeout = Number(env.ASSISTANT_TIMEOUT_MS);
  return {
    baseUrl,
    model,
    apiKey: (env.ASSISTANT_API_KEY ?? '').trim() || null,
    timeoutMs: Number.isSafeInteger(timeout) && timeout >= 1000 ? Math.min(timeout, 600_000) : 25_000,
  };
}

export type ToolCall = { id: string; type: 'function'; function: { name: string; arguments: string } };
export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };
export type ToolDefinition = { type: 'function'; function: { name: string; description: string; parameters: unknown } };

/** The model could not be asked, or answered something unusable: the question fails with this message (502). */
export class ModelError extends Error {}

/** One round: the conversation so far and the tools offered; answers the model's message (content and/or tool calls). */
export async function complete(
  config: AssistantConfig,
  messages: readonly ChatMessage[],
  tools: readonly ToolDefinition[],
  { finalRound = false, deadline = clock.nowMs() + config.timeoutMs }: { finalRound?: boolean; deadline?: number } = {},
): Promise<{ content: string | null; tool_calls: ToolCall[] }> {
  const url = `${config.baseUrl}/chat/completions`;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
  const body: Record<string, unknown> = { model: config.model, messages, temperature: 0, stream: false };
  if (tools.length) Object.assign(body, { tools, tool_choice: finalRound ? 'none' : 'auto' });
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(Math.max(1, deadline - clock.nowMs())) });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new ModelError(
      timedOut
        ? `The language model at ${config.baseUrl} did not answer within ${Math.round(config.timeoutMs / 1000)} seconds (ASSISTANT_TIMEOUT_MS).`
        : `The language model at ${config.baseUrl} could not be reached (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) throw new ModelError(`The language model at ${config.baseUrl} answered ${response.status}: ${text.slice(0, 300) || response.statusText}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ModelError(`The language model at ${config.baseUrl} answered something that is not JSON.`);
  }
  const message = (parsed as { choices?: { message?: { content?: unknown; tool_calls?: unknown } }[] }).choices?.[0]?.message;
  if (!message) throw new ModelError(`The language model at ${config.baseUrl} answered without a message (no choices[0].message).`);
  const calls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
  const toolCalls: ToolCall[] = calls.map((call: unknown, index: number) => {
    const raw = call as { id?: unknown; function?: { name?: unknown; arguments?: unknown } };
    const args = raw.function?.arguments;
    return {
      id: typeof raw.id === 'string' && raw.id ? raw.id : `call_${index + 1}`,
      type: 'function',
      function: {
        name: typeof raw.function?.name === 'string' ? raw.function.name : '',
        // Some servers (Ollama's older API) give the arguments as an object, not a JSON string.
        arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}),
      },
    };
  });
  return { content: typeof message.content === 'string' ? message.content : null, tool_calls: toolCalls };
}
