import type { DocumentOption, DocumentResult, ResultLevel } from '@hcm/contract/documents';

// Diabetes at home: the risk of hypoglycaemia from the treatment (insulin and sulfonylureas cause hypos; diet,
// metformin, DPP-4 inhibitors, SGLT2 inhibitors and GLP-1 agonists alone rarely do: NICE NG28, and TREND-UK's
// guidance for care staff), and the foot risk classification of NICE NG19 (Diabetic foot problems, 2015,
// updated 2019) with its review intervals.

export const DIABETES_TREATMENTS: readonly DocumentOption[] = [
  { value: 'diet', label: 'Diet and activity only' },
  { value: 'metformin', label: 'Metformin' },
  { value: 'sulfonylurea', label: 'Sulfonylurea (e.g. gliclazide)' },
  { value: 'dpp4', label: 'DPP-4 inhibitor (e.g. sitagliptin)' },
  { value: 'sglt2', label: 'SGLT2 inhibitor (e.g. dapagliflozin)' },
  { value: 'glp1', label: 'GLP-1 injection (e.g. semaglutide)' },
  { value: 'basal-insulin', label: 'Long-acting (basal) insulin' },
  { value: 'mixed-insulin', label: 'Mixed insulin' },
  { value: 'basal-bolus', label: 'Basal-bolus insulin (with meals)' },
  { value: 'insulin-pump', label: 'Insulin pump' },
];

export const INSULIN_TREATMENTS = ['basal-insulin', 'mixed-insulin', 'basal-bolus', 'insulin-pump'] as const;

/** The hypoglycaemia risk of a treatment, with what carers do about it. */
export function hypoglycaemiaRiskResult(treatments: readonly string[]): DocumentResult {
  const label = 'Hypoglycaemia risk';
  const insulin = treatments.some((treatment) => (INSULIN_TREATMENTS as readonly string[]).includes(treatment));
  const sulfonylurea = treatments.includes('sulfonylurea');
  if (treatments.length === 0) return { key: 'hypo_risk', label, value: null, band: 'Not assessed', level: 'none', actions: ['Record how the diabetes is treated.'] };
  if (insulin || sulfonylurea) {
    return {
      key: 'hypo_risk',
      label,
      value: insulin ? 'Insulin' : 'Sulfonylurea',
      band: insulin ? 'High: treated with insulin' : 'Raised: treated with a sulfonylurea',
      level: insulin ? 'high' : 'medium',
      actions: [
        'Know the signs of a hypo and follow the hypo plan in this assessment: below 4 mmol/L treat at once.',
        'Keep hypo treatment in the home and check it at each call; meals on time: insulin or a sulfonylurea without food brings on a hypo.',
        'Tell the GP or diabetes nurse about every hypo: the dose may need changing.',
      ],
    };
  }
  return { key: 'hypo_risk', label, value: 'Low', band: 'Low: treatment rarely causes hypos', level: 'low', actions: ['Watch for high blood glucose signs, and for dehydration when unwell (sick-day rules).'] };
}

/** NICE NG19's foot risk classification, from the annual foot review. */
export const FOOT_RISK: readonly DocumentOption[] = [
  { value: 'low', label: 'Low: no risk factors except callus alone' },
  { value: 'moderate', label: 'Moderate: deformity, neuropathy or non-critical limb ischaemia' },
  { value: 'high', label: 'High: previous ulcer or amputation, dialysis, or neuropathy or ischaemia with callus or deformity' },
  { value: 'active', label: 'Active foot problem: ulcer, spreading infection, critical ischaemia, gangrene, hot red swollen foot' },
];

const FOOT_ACTIONS: Record<string, { band: string; level: ResultLevel; actions: string[] }> = {
  low: { band: 'Low risk', level: 'low', actions: ['Annual foot review with the GP practice.', 'Well-fitting shoes; report any cut, blister or colour change.'] },
  moderate: {
    band: 'Moderate risk',
    level: 'medium',
    actions: ['Foot protection service (podiatry) review every 3 to 6 months (NICE NG19).', 'Check both feet at each personal-care call, between the toes too; report any break in the skin the same day.'],
  },
  high: {
    band: 'High risk',
    level: 'high',
    actions: ['Foot protection service review every 1 to 2 months (NICE NG19).', 'Check both feet every day; any break in the skin is reported to the district nurse or podiatrist the same day.'],
  },
  active: {
    band: 'Active diabetic foot problem',
    level: 'very-high',
    actions: ['Refer to the multidisciplinary foot care service within 1 working day (NICE NG19); through the GP or district nurse today.', 'Keep weight off the foot; follow the wound plan.'],
  },
};

export function footRiskResult(risk: string | undefined): DocumentResult {
  const label = 'Diabetic foot risk (NICE NG19)';
  const found = risk ? FOOT_ACTIONS[risk] : undefined;
  if (!found) return { key: 'foot_risk', label, value: null, band: 'Not classified', level: 'none', actions: ['Ask the GP practice for the foot risk from the last annual foot review.'] };
  return { key: 'foot_risk', label, value: found.band, ...found };
}
