import type { DocumentResult, DocumentRowColumn, DocumentValues, ResultLevel } from '@hcm/contract/documents';

// The 5 × 5 risk matrix of UK care risk assessments (HSE's "likelihood × severity" approach): each hazard's
// likelihood (1–5) times its severity (1–5) gives a rating of 1–25, banded low 1–3, moderate 4–6, high 8–12, extreme 15–25
// (13 and 14 cannot occur). Documents with a hazards table declare the two columns below and compute their
// results with `riskMatrixResults`.

export const LIKELIHOOD_COLUMN: DocumentRowColumn = {
  key: 'likelihood',
  label: 'Likelihood',
  kind: 'choice',
  required: true,
  hint: 'How likely harm is with the existing controls in place.',
  options: [
    { value: '1', label: '1 Rare: hard to imagine it happening' },
    { value: '2', label: '2 Unlikely: could happen, but not expected' },
    { value: '3', label: '3 Possible: might happen now and then' },
    { value: '4', label: '4 Likely: will probably happen' },
    { value: '5', label: '5 Almost certain: expected to happen' },
  ],
};

export const SEVERITY_COLUMN: DocumentRowColumn = {
  key: 'severity',
  label: 'Severity',
  kind: 'choice',
  required: true,
  hint: 'The worst harm that could reasonably follow.',
  options: [
    { value: '1', label: '1 Negligible: no injury, or upset only' },
    { value: '2', label: '2 Minor: first aid at home' },
    { value: '3', label: '3 Moderate: needs a GP, 111 or A&E' },
    { value: '4', label: '4 Major: hospital stay or lasting harm' },
    { value: '5', label: '5 Catastrophic: death or permanent disability' },
  ],
};

export type RiskBand = { band: string; level: Extract<ResultLevel, 'low' | 'medium' | 'high' | 'very-high'>; actions: readonly string[] };

const LOW: RiskBand = {
  band: 'Low risk',
  level: 'low',
  actions: ['Carry on with the existing controls.', 'Look at it again at the next review, or sooner if anything changes.'],
};
const MODERATE: RiskBand = {
  band: 'Moderate risk',
  level: 'medium',
  actions: [
    'Add the further action recorded to bring the risk down, with who does it and by when.',
    'Tell the care team what has changed and review within three months.',
  ],
};
const HIGH: RiskBand = {
  band: 'High risk',
  level: 'high',
  actions: [
    'Tell the registered manager today; do not carry on with the task as it is until further controls are in place.',
    'Involve the person, their representatives and the professionals needed (GP, OT, social worker).',
    'Review within a month, and after any incident.',
  ],
};

/** A score of 1–5 from a stored answer ('3' or 3), or null when it is missing or out of range. */
function scoreOf(value: unknown): number | null {
  const score = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isInteger(score) && score >= 1 && score <= 5 ? score : null;
}

/** Likelihood × severity, or null until both are answered. */
export function riskRating(likelihood: unknown, severity: unknown): number | null {
  const l = scoreOf(likelihood);
  const s = scoreOf(severity);
  return l === null || s === null ? null : l * s;
}

const EXTREME: RiskBand = {
  band: 'Extreme risk',
  level: 'very-high',
  actions: [
    'Stop the task until it is made safer, and tell the registered manager now.',
    ...HIGH.actions.slice(1),
  ],
};

/**
 * The band of a rating, the NPSA 5 × 5 matrix's (as scored-tools/risk-matrix.ts, so every risk on the record reads
 * alike): low 1–3, moderate 4–6, high 8–12, extreme 15–25.
 */
export function riskBand(rating: number): RiskBand {
  if (rating >= 15) return EXTREME;
  if (rating >= 8) return HIGH;
  if (rating >= 4) return MODERATE;
  return LOW;
}

export type RiskMatrixOptions = {
  /** The rows field holding the hazards. */
  field: string;
  /** The column naming each row's hazard, for the result's label. */
  nameColumn: string;
  /** What a row is called in the labels ("Hazard", "Substance"). */
  noun: string;
};

/**
 * One result per rated row (its rating, band and actions) and the highest rating of the table, so the record's
 * alerts show any high risk by name. Rows not yet rated give no figure; the highest is null until one is.
 */
export function riskMatrixResults(values: DocumentValues, { field, nameColumn, noun }: RiskMatrixOptions): DocumentResult[] {
  const rows = Array.isArray(values[field]) ? (values[field] as DocumentValues[]) : [];
  const rated = rows.flatMap((row, index) => {
    const rating = row && typeof row === 'object' ? riskRating(row.likelihood, row.severity) : null;
    if (rating === null) return [];
    const name = typeof row[nameColumn] === 'string' && (row[nameColumn] as string).trim() ? (row[nameColumn] as string).trim() : `${noun} ${index + 1}`;
    return [{ index, name, rating }];
  });
  const perRow: DocumentResult[] = rated.map(({ index, name, rating }) => ({ key: `${field}_${index + 1}`, label: `${noun}: ${name}`, value: rating, ...riskBand(rating) }));
  const highest = rated.reduce<(typeof rated)[number] | null>((top, row) => (top === null || row.rating > top.rating ? row : top), null);
  const summary: DocumentResult = highest
    ? { key: `${field}_highest`, label: `Highest rating (${highest.name})`, value: highest.rating, ...riskBand(highest.rating) }
    : { key: `${field}_highest`, label: 'Highest rating', value: null };
  return [...perRow, summary];
}
