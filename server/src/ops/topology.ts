// Readers for the production topology's files (docker-compose.yml, deploy/nginx/*.conf), used by
// topology.test.ts to hold them to the code: a small nginx config parser and nginx's location choice.

export type NginxDirective = { name: string; args: string[]; block?: NginxDirective[] };

/** Parses nginx configuration text into directives (comments dropped, quotes removed). */
export function parseNginx(text: string): NginxDirective[] {
  const tokens: string[] = [];
  const pattern = /#[^\n]*|"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([{};])|([^\s{};"'#]+)/g;
  for (const match of text.matchAll(pattern)) {
    if (match[0].startsWith('#')) continue;
    tokens.push(match[1] ?? match[2] ?? match[3] ?? match[4]!);
  }
  let position = 0;
  const readBlock = (): NginxDirective[] => {
    const directives: NginxDirective[] = [];
    while (position < tokens.length) {
      if (tokens[position] === '}') {
        position += 1;
        return directives;
      }
      const words: string[] = [];
      while (position < tokens.length && tokens[position] !== ';' && tokens[position] !== '{') words.push(tokens[position++]!);
      const end = tokens[position++];
      const [name = '', ...args] = words;
      if (end === '{') directives.push({ name, args, block: readBlock() });
      else if (end === ';') directives.push({ name, args });
      else throw new Error(`nginx config: "${words.join(' ')}" has no ";"`);
    }
    return directives;
  };
  return readBlock();
}

export type NginxLocation = { modifier: '' | '=' | '^~' | '~' | '~*'; pattern: string; directives: NginxDirective[] };

/** The locations of a server block, in their order. */
export function locationsOf(server: NginxDirective): NginxLocation[] {
  return (server.block ?? [])
    .filter((directive) => directive.name === 'location')
    .map((directive) => {
      const [first = '', second] = directive.args;
      const modifier = (second === undefined ? '' : first) as NginxLocation['modifier'];
      return { modifier, pattern: second ?? first, directives: directive.block ?? [] };
    });
}

/**
 * The location nginx picks for a request path: an exact match; else the longest prefix, unless a regular
 * expression (in config order) matches and that prefix was not marked ^~.
 */
export function matchLocation(locations: readonly NginxLocation[], path: string): NginxLocation | undefined {
  const exact = locations.find((location) => location.modifier === '=' && location.pattern === path);
  if (exact) return exact;
  const prefixes = locations
    .filter((location) => (location.modifier === '' || location.modifier === '^~') && path.startsWith(location.pattern))
    .sort((a, b) => b.pattern.length - a.pattern.length);
  const longest = prefixes[0];
  if (longest?.modifier === '^~') return longest;
  const regex = locations.find(
    (location) =>
      (location.modifier === '~' || location.modifier === '~*') &&
      new RegExp(location.pattern, location.modifier === '~*' ? 'i' : '').test(path),
  );
  return regex ?? longest;
}

/** Every route of a Fastify app as "METHOD /path", from app.printRoutes()'s radix tree. */
export function routesFromTree(tree: string): { method: string; path: string }[] {
  const stack: string[] = [];
  const routes: { method: string; path: string }[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join('');
    for (const method of match[3]?.split(',').map((name) => name.trim()) ?? []) routes.push({ method, path });
  }
  return routes;
}

/** A concrete path for a route pattern (:param and * filled in with sample values). */
export function samplePath(pattern: string): string {
  return pattern.replace(/:[A-Za-z_]+/g, '7').replace(/\*/g, 'x');
}
