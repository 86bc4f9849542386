import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseMankowska, type MankowskaInstance } from './parser.js';

// The 50 instances of sets A–E of Mankowska, Meisel & Bierwirth (2014), stored in ./instances/ (README.md: source,
// terms, citations), with the values published for each: Mankowska et al.'s lower bound and best value (2014, one
// decimal), Kummer Neto et al.'s fix-and-optimize (SBPO 2019, two decimals), Ceschia, Di Gaspero, Rosati & Schaerf's
// simulated annealing (ITOR 2024, three decimals; solutions in iolab-uniud/hhcrsp) and the least of them. All on the
// paper's objective: (total distance + total tardiness + largest tardiness) / 3. Copied from best-known.csv of the
// shared benchmark folder (README.md, "Best known values").

export type BestKnown = {
  label: string;
  file: string;
  patients: number;
  staff: number;
  lowerBound: number;
  mankowska2014: number;
  kummer2019: number | null;
  ceschia2024: number | null;
  bestKnown: number;
};

export const SOURCES = {
  mankowska2014: 'Mankowska et al. 2014',
  kummer2019: 'Kummer Neto et al. 2019',
  ceschia2024: 'Ceschia et al. 2024',
} as const;

export const INSTANCES: readonly BestKnown[] = [
  { label: 'A1', file: 'InstanzCPLEX_HCSRP_10_1', patients: 10, staff: 3, lowerBound: 218.2, mankowska2014: 218.2, kummer2019: 218.2, ceschia2024: 218.199, bestKnown: 218.199 },
  { label: 'A2', file: 'InstanzCPLEX_HCSRP_10_2', patients: 10, staff: 3, lowerBound: 246.6, mankowska2014: 246.6, kummer2019: 246.63, ceschia2024: 246.627, bestKnown: 246.6 },
  { label: 'A3', file: 'InstanzCPLEX_HCSRP_10_3', patients: 10, staff: 3, lowerBound: 305.8, mankowska2014: 305.9, kummer2019: 305.9, ceschia2024: 305.858, bestKnown: 305.858 },
  { label: 'A4', file: 'InstanzCPLEX_HCSRP_10_4', patients: 10, staff: 3, lowerBound: 186.9, mankowska2014: 186.9, kummer2019: 186.9, ceschia2024: 186.897, bestKnown: 186.897 },
  { label: 'A5', file: 'InstanzCPLEX_HCSRP_10_5', patients: 10, staff: 3, lowerBound: 189.5, mankowska2014: 189.5, kummer2019: 189.54, ceschia2024: 189.543, bestKnown: 189.5 },
  { label: 'A6', file: 'InstanzCPLEX_HCSRP_10_6', patients: 10, staff: 3, lowerBound: 200.1, mankowska2014: 200.1, kummer2019: 200.1, ceschia2024: 200.099, bestKnown: 200.099 },
  { label: 'A7', file: 'InstanzCPLEX_HCSRP_10_7', patients: 10, staff: 3, lowerBound: 225.4, mankowska2014: 225.4, kummer2019: 225.4, ceschia2024: 225.369, bestKnown: 225.369 },
  { label: 'A8', file: 'InstanzCPLEX_HCSRP_10_8', patients: 10, staff: 3, lowerBound: 232, mankowska2014: 232, kummer2019: 232.05, ceschia2024: 232.048, bestKnown: 232 },
  { label: 'A9', file: 'InstanzCPLEX_HCSRP_10_9', patients: 10, staff: 3, lowerBound: 222.3, mankowska2014: 222.3, kummer2019: 222.3, ceschia2024: 222.295, bestKnown: 222.295 },
  { label: 'A10', file: 'InstanzCPLEX_HCSRP_10_10', patients: 10, staff: 3, lowerBound: 225, mankowska2014: 225, kummer2019: 225.01, ceschia2024: 225.006, bestKnown: 225 },
  { label: 'B1', file: 'InstanzCPLEX_HCSRP_25_1', patients: 25, staff: 5, lowerBound: 378.7, mankowska2014: 458.9, kummer2019: 431.13, ceschia2024: 428.097, bestKnown: 428.097 },
  { label: 'B2', file: 'InstanzCPLEX_HCSRP_25_2', patients: 25, staff: 5, lowerBound: 427.9, mankowska2014: 476.2, kummer2019: 476.05, ceschia2024: 476.049, bestKnown: 476.049 },
  { label: 'B3', file: 'InstanzCPLEX_HCSRP_25_3', patients: 25, staff: 5, lowerBound: 391.2, mankowska2014: 399.2, kummer2019: 421.87, ceschia2024: 399.089, bestKnown: 399.089 },
  { label: 'B4', file: 'InstanzCPLEX_HCSRP_25_4', patients: 25, staff: 5, lowerBound: 330.4, mankowska2014: 576, kummer2019: 432.35, ceschia2024: 411.296, bestKnown: 411.296 },
  { label: 'B5', file: 'InstanzCPLEX_HCSRP_25_5', patients: 25, staff: 5, lowerBound: 311, mankowska2014: 391.1, kummer2019: 369.44, ceschia2024: 366.338, bestKnown: 366.338 },
  { label: 'B6', file: 'InstanzCPLEX_HCSRP_25_6', patients: 25, staff: 5, lowerBound: 274.2, mankowska2014: 534.7, kummer2019: 531.91, ceschia2024: 464.622, bestKnown: 464.622 },
  { label: 'B7', file: 'InstanzCPLEX_HCSRP_25_7', patients: 25, staff: 5, lowerBound: 310.6, mankowska2014: 355.5, kummer2019: 328.67, ceschia2024: 328.671, bestKnown: 328.67 },
  { label: 'B8', file: 'InstanzCPLEX_HCSRP_25_8', patients: 25, staff: 5, lowerBound: 332.4, mankowska2014: 357.8, kummer2019: 357.68, ceschia2024: 357.684, bestKnown: 357.68 },
  { label: 'B9', file: 'InstanzCPLEX_HCSRP_25_9', patients: 25, staff: 5, lowerBound: 293.7, mankowska2014: 403.8, kummer2019: 446.62, ceschia2024: 402.671, bestKnown: 402.671 },
  { label: 'B10', file: 'InstanzCPLEX_HCSRP_25_10', patients: 25, staff: 5, lowerBound: 381, mankowska2014: 500.4, kummer2019: 469.58, ceschia2024: 462.748, bestKnown: 462.748 },
  { label: 'C1', file: 'InstanzCPLEX_HCSRP_50_1', patients: 50, staff: 10, lowerBound: 401.1, mankowska2014: 1123.6, kummer2019: 1006.72, ceschia2024: 943.728, bestKnown: 943.728 },
  { label: 'C2', file: 'InstanzCPLEX_HCSRP_50_2', patients: 50, staff: 10, lowerBound: 314.9, mankowska2014: 673.8, kummer2019: 597.06, ceschia2024: 569.388, bestKnown: 569.388 },
  { label: 'C3', file: 'InstanzCPLEX_HCSRP_50_3', patients: 50, staff: 10, lowerBound: 323.5, mankowska2014: 642.4, kummer2019: 618.29, ceschia2024: 541.116, bestKnown: 541.116 },
  { label: 'C4', file: 'InstanzCPLEX_HCSRP_50_4', patients: 50, staff: 10, lowerBound: 329.4, mankowska2014: 580.4, kummer2019: 544.59, ceschia2024: 495.168, bestKnown: 495.168 },
  { label: 'C5', file: 'InstanzCPLEX_HCSRP_50_5', patients: 50, staff: 10, lowerBound: 404.2, mankowska2014: 754.6, kummer2019: 667.45, ceschia2024: 655.717, bestKnown: 655.717 },
  { label: 'C6', file: 'InstanzCPLEX_HCSRP_50_6', patients: 50, staff: 10, lowerBound: 308.2, mankowska2014: 951.6, kummer2019: 852.04, ceschia2024: 813.253, bestKnown: 813.253 },
  { label: 'C7', file: 'InstanzCPLEX_HCSRP_50_7', patients: 50, staff: 10, lowerBound: 315.7, mankowska2014: 577.4, kummer2019: 525.19, ceschia2024: 511.887, bestKnown: 511.887 },
  { label: 'C8', file: 'InstanzCPLEX_HCSRP_50_8', patients: 50, staff: 10, lowerBound: 336.3, mankowska2014: 540.6, kummer2019: 479.41, ceschia2024: 469.035, bestKnown: 469.035 },
  { label: 'C9', file: 'InstanzCPLEX_HCSRP_50_9', patients: 50, staff: 10, lowerBound: 306.5, mankowska2014: 608.7, kummer2019: 568.85, ceschia2024: 535.075, bestKnown: 535.075 },
  { label: 'C10', file: 'InstanzCPLEX_HCSRP_50_10', patients: 50, staff: 10, lowerBound: 386.4, mankowska2014: 679.3, kummer2019: 603.48, ceschia2024: 590.259, bestKnown: 590.259 },
  { label: 'D1', file: 'InstanzCPLEX_HCSRP_75_1', patients: 75, staff: 15, lowerBound: 456.7, mankowska2014: 1321.8, kummer2019: 1301.01, ceschia2024: 1111.37, bestKnown: 1111.37 },
  { label: 'D2', file: 'InstanzCPLEX_HCSRP_75_2', patients: 75, staff: 15, lowerBound: 336.8, mankowska2014: 892.7, kummer2019: 807.25, ceschia2024: 652.226, bestKnown: 652.226 },
  { label: 'D3', file: 'InstanzCPLEX_HCSRP_75_3', patients: 75, staff: 15, lowerBound: 355.7, mankowska2014: 819.4, kummer2019: 675.33, ceschia2024: 622.625, bestKnown: 622.625 },
  { label: 'D4', file: 'InstanzCPLEX_HCSRP_75_4', patients: 75, staff: 15, lowerBound: 379.9, mankowska2014: 877.4, kummer2019: 817.83, ceschia2024: 773.043, bestKnown: 773.043 },
  { label: 'D5', file: 'InstanzCPLEX_HCSRP_75_5', patients: 75, staff: 15, lowerBound: 372.2, mankowska2014: 872.1, kummer2019: 706.77, ceschia2024: 653.709, bestKnown: 653.709 },
  { label: 'D6', file: 'InstanzCPLEX_HCSRP_75_6', patients: 75, staff: 15, lowerBound: 368.8, mankowska2014: 835.2, kummer2019: 762.33, ceschia2024: 688.151, bestKnown: 688.151 },
  { label: 'D7', file: 'InstanzCPLEX_HCSRP_75_7', patients: 75, staff: 15, lowerBound: 333.4, mankowska2014: 706.3, kummer2019: 671.7, ceschia2024: 564.552, bestKnown: 564.552 },
  { label: 'D8', file: 'InstanzCPLEX_HCSRP_75_8', patients: 75, staff: 15, lowerBound: 373.3, mankowska2014: 811.4, kummer2019: 717.26, ceschia2024: 650.619, bestKnown: 650.619 },
  { label: 'D9', file: 'InstanzCPLEX_HCSRP_75_9', patients: 75, staff: 15, lowerBound: 362.4, mankowska2014: 860.3, kummer2019: 739.63, ceschia2024: 650.301, bestKnown: 650.301 },
  { label: 'D10', file: 'InstanzCPLEX_HCSRP_75_10', patients: 75, staff: 15, lowerBound: 434.4, mankowska2014: 1306.6, kummer2019: 1330.39, ceschia2024: 1152.1, bestKnown: 1152.1 },
  { label: 'E1', file: 'InstanzVNS_HCSRP_100_1', patients: 100, staff: 20, lowerBound: 406, mankowska2014: 1604.9, kummer2019: 1349.19, ceschia2024: 1255.93, bestKnown: 1255.93 },
  { label: 'E2', file: 'InstanzVNS_HCSRP_100_2', patients: 100, staff: 20, lowerBound: 411.9, mankowska2014: 1101.9, kummer2019: 941.35, ceschia2024: 778.38, bestKnown: 778.38 },
  { label: 'E3', file: 'InstanzVNS_HCSRP_100_3', patients: 100, staff: 20, lowerBound: 437.2, mankowska2014: 986.4, kummer2019: 913.45, ceschia2024: 757.834, bestKnown: 757.834 },
  { label: 'E4', file: 'InstanzVNS_HCSRP_100_4', patients: 100, staff: 20, lowerBound: 384.3, mankowska2014: 871, kummer2019: 851.4, ceschia2024: 687.228, bestKnown: 687.228 },
  { label: 'E5', file: 'InstanzVNS_HCSRP_100_5', patients: 100, staff: 20, lowerBound: 392.4, mankowska2014: 1018, kummer2019: 905.41, ceschia2024: 707.682, bestKnown: 707.682 },
  { label: 'E6', file: 'InstanzVNS_HCSRP_100_6', patients: 100, staff: 20, lowerBound: 390.2, mankowska2014: 1003, kummer2019: 878.79, ceschia2024: 748.906, bestKnown: 748.906 },
  { label: 'E7', file: 'InstanzVNS_HCSRP_100_7', patients: 100, staff: 20, lowerBound: 374.4, mankowska2014: 921.1, kummer2019: 832.93, ceschia2024: 679.048, bestKnown: 679.048 },
  { label: 'E8', file: 'InstanzVNS_HCSRP_100_8', patients: 100, staff: 20, lowerBound: 407.7, mankowska2014: 884.6, kummer2019: 832.73, ceschia2024: 707.114, bestKnown: 707.114 },
  { label: 'E9', file: 'InstanzVNS_HCSRP_100_9', patients: 100, staff: 20, lowerBound: 422.1, mankowska2014: 1131.7, kummer2019: 1129.14, ceschia2024: 857.446, bestKnown: 857.446 },
  { label: 'E10', file: 'InstanzVNS_HCSRP_100_10', patients: 100, staff: 20, lowerBound: 419.1, mankowska2014: 1053.6, kummer2019: 1026.83, ceschia2024: 788.076, bestKnown: 788.076 },
];

/** Who published the best known value (several names when they tie at the precision each reported). */
export function bestKnownBy(row: BestKnown): string {
  const names = (Object.keys(SOURCES) as (keyof typeof SOURCES)[]).filter((key) => row[key] !== null && Math.abs(row[key]! - row.bestKnown) < 5e-4);
  return names.map((key) => SOURCES[key]).join(', ');
}

export function instanceRow(labelOrFile: string): BestKnown {
  const row = INSTANCES.find((item) => item.label === labelOrFile || item.file === labelOrFile);
  if (!row) throw new Error(`unknown Mankowska instance ${labelOrFile}`);
  return row;
}

const folder = fileURLToPath(new URL('./instances/', import.meta.url));

/** Reads an instance by its label (A1 … E10) or its file name without `.txt`. */
export function loadInstance(labelOrFile: string): MankowskaInstance {
  const row = instanceRow(labelOrFile);
  return parseMankowska(row.label, readFileSync(`${folder}${row.file}.txt`, 'utf8'));
}
