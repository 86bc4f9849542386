// The instance format of Mankowska, Meisel & Bierwirth (2014), "The home health care routing and scheduling problem
// with interdependent services", Health Care Manag Sci 17:15–30 (the InstanzCPLEX_HCSRP_<patients>_<id>.txt files):
// named blocks, each a header line then its values. Node 1 and node nbNodes are the depot; 2 … nbNodes−1 patients.
//   nbNodes, nbVehi, nbServi   sizes
//   r      nbNodes rows × nbServi: the services each patient needs (0/1)
//   DS     the patients (1-based node numbers) needing a double service
//   a      nbVehi rows × nbServi: which staff member may do which service
//   x, y   coordinates; d  nbNodes × nbNodes distances (travel time = distance)
//   p      nbNodes × nbVehi rows of nbServi: processing time of a service at a patient by a staff member
//   mind, maxd  per node: least and most time between the two services of a double service (0 and 0: together)
//   e, l   per node: the time window (start no earlier than e; a start after l is tardy)

export type MankowskaInstance = {
  name: string;
  nodes: number;
  staff: number;
  services: number;
  requires: boolean[][];
  doubleService: Set<number>;
  qualified: boolean[][];
  distance: number[][];
  processing: number[][][];
  minGap: number[];
  maxGap: number[];
  earliest: number[];
  latest: number[];
};

export function parseMankowska(name: string, text: string): MankowskaInstance {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  let at = 0;
  const expect = (header: string) => {
    while (at < lines.length && lines[at] === '') at += 1;
    if (lines[at] !== header) throw new Error(`${name}: expected "${header}" at line ${at + 1}, found "${lines[at] ?? ''}"`);
    at += 1;
  };
  const numbers = () => (lines[at++] ?? '').split(/\s+/).filter(Boolean).map(Number);
  const block = (header: string, rows: number) => {
    expect(header);
    return Array.from({ length: rows }, numbers);
  };

  expect('nbNodes');
  const nodes = numbers()[0]!;
  expect('nbVehi');
  const staff = numbers()[0]!;
  expect('nbServi');
  const services = numbers()[0]!;
  const requires = block('r', nodes).map((row) => row.map((value) => value === 1));
  expect('DS');
  const doubleService = new Set(numbers().map((node) => node - 1));
  const qualified = block('a', staff).map((row) => row.map((value) => value === 1));
  block('x', 1);
  block('y', 1);
  const distance = block('d', nodes);
  const flat = block('p', nodes * staff);
  const processing = Array.from({ length: nodes }, (_, node) => Array.from({ length: staff }, (_, member) => flat[node * staff + member]!));
  const [minGap] = block('mind', 1);
  const [maxGap] = block('maxd', 1);
  const [earliest] = block('e', 1);
  const [latest] = block('l', 1);
  const instance = { name, nodes, staff, services, requires, doubleService, qualified, distance, processing, minGap: minGap!, maxGap: maxGap!, earliest: earliest!, latest: latest! };
  if (distance.some((row) => row.length !== nodes) || requires.some((row) => row.length !== services)) throw new Error(`${name}: a matrix has the wrong size`);
  return instance;
}
