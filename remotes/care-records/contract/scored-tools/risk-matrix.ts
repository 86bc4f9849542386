import type { DocumentOption, DocumentResult, ResultLevel } from '@hcm/contract/documents';

// The 5 × 5 risk matrix of the National Patient Safety Agency ("A risk matrix for risk managers", NPSA 2008),
// used across the NHS and social care: consequence (1–5) × likelihood (1–5); 1–3 low, 4–6 moderate, 8–12 high,
// 15–25 extreme.

export const RISK_LIKELIHOOD: readonly DocumentOption[] = [
  { value: '1', label: '1 Rare' },
  { value: '2', label: '2 Unlikely' },
  { value: '3', label: '3 Possible' },
  { value: '4', label: '4 Likely' },
  { value: '5', label: '5 Almost certain' },
];

export const RISK_CONSEQUENCE: readonly DocumentOption[] = [
  { value: '1', label: '1 Negligible' },
  { value: '2', label: '2 Minor' },
  { value: '3', label: '3 Moderate' },
  { value: '4', label: '4 Major' },
  { value: '5', label: '5 Catastrophic' },
];

export type RiskRating = { rating: number; band: string; level: ResultLevel };

/** The rating of one risk: likelihood × consequence, with its NPSA band. */
export function riskRating(likelihood: number, consequence: number): RiskRating {
  const rating = likelihood * consequence;
  if (rating >= 15) return { rating, band: 'Extreme', level: 'very-high' };
  if (rating >= 8) return { rating, band: 'High', level: 'high' };
  if (rating >= 4) return { rating, band: 'Moderate', level: 'medium' };
  return { rating, band: 'Low', level: 'low' };
}

export type RatedRisk = { risk?: string; likelihood?: string | number; consequence?: string | number };

/** The highest-rated of a list of risks (as they stand with their controls), as a document result. */
export function highestRiskResult(risks: readonly RatedRisk[], label = 'Highest risk with controls in place'): DocumentResult {
  const rated = risks
    .map((risk) => ({ risk: risk.risk ?? '', likelihood: Number(risk.likelihood), consequence: Number(risk.consequence) }))
    .filter((risk) => risk.likelihood >= 1 && risk.likelihood <= 5 && risk.consequence >= 1 && risk.consequence <= 5)
    .map((risk) => ({ ...risk, ...riskRating(risk.likelihood, risk.consequence) }));
  if (rated.length === 0) return { key: 'highest_risk', label, value: null, band: 'Not rated', level: 'none', actions: ['Rate each risk’s likelihood and consequence.'] };
  const worst = rated.reduce((a, b) => (b.rating > a.rating ? b : a));
  const actions: Record<ResultLevel, string[]> = {
    'very-high': ['Extreme: the manager reviews the decision and its controls now; consider whether it can go ahead.'],
    high: ['High: the manager agrees the controls; review at least monthly.'],
    medium: ['Moderate: keep the controls in place; review at each review date.'],
    low: ['Low: manage by routine care.'],
    none: [],
  };
  return {
    key: 'highest_risk',
    label,
    value: worst.rating,
    unit: worst.risk ? `of 25 (${worst.risk})` : 'of 25',
    band: worst.band,
    level: worst.level,
    actions: actions[worst.level],
  };
}
