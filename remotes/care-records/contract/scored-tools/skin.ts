import type { DocumentOption, DocumentResult, ResultLevel } from '@hcm/contract/documents';

// Pressure ulcer categories of the international NPIAP/EPUAP/PPPIA classification (Prevention and Treatment of
// Pressure Ulcers/Injuries: Clinical Practice Guideline, 2019), as NHS England's "Pressure ulcers: revised
// definition and measurement" (2018) asks them recorded. Category 3, 4, unstageable and deep tissue injury go
// through the safeguarding adults decision guide (DHSC, "Safeguarding adults protocol: pressure ulcers and the
// interface with a safeguarding enquiry", 2018) and may be a serious injury to notify to the CQC.

export const PRESSURE_ULCER_CATEGORIES: readonly DocumentOption[] = [
  { value: 'category-1', label: 'Category 1: non-blanchable redness of intact skin' },
  { value: 'category-2', label: 'Category 2: partial-thickness skin loss (shallow open wound or blister)' },
  { value: 'category-3', label: 'Category 3: full-thickness skin loss' },
  { value: 'category-4', label: 'Category 4: full-thickness skin and tissue loss (bone, tendon or muscle)' },
  { value: 'unstageable', label: 'Unstageable: depth unknown (covered by slough or eschar)' },
  { value: 'deep-tissue-injury', label: 'Suspected deep tissue injury: depth unknown (purple or maroon, intact)' },
  { value: 'not-applicable', label: 'Not a pressure ulcer' },
];

/** What a mark on the skin is. */
export const SKIN_MARK_TYPES: readonly DocumentOption[] = [
  { value: 'pressure-ulcer', label: 'Pressure ulcer' },
  { value: 'bruise', label: 'Bruise' },
  { value: 'skin-tear', label: 'Skin tear' },
  { value: 'moisture-damage', label: 'Moisture-associated skin damage' },
  { value: 'wound', label: 'Other wound (cut, burn, ulcer of the leg)' },
  { value: 'rash', label: 'Rash or redness that fades' },
];

export const SKIN_MARK_STATUSES: readonly DocumentOption[] = [
  { value: 'new', label: 'New' },
  { value: 'improving', label: 'Improving' },
  { value: 'static', label: 'No change' },
  { value: 'deteriorating', label: 'Getting worse' },
  { value: 'healed', label: 'Healed' },
];

/** How serious each category is, for the worst-first summary. */
const SEVERITY: Record<string, number> = {
  'category-1': 1,
  'category-2': 2,
  'deep-tissue-injury': 3,
  unstageable: 3,
  'category-3': 3,
  'category-4': 4,
};

/** A mark on the skin as the wounds table records it. */
export type SkinMark = { type?: string; category?: string; status?: string; location?: string };

const isOpen = (mark: SkinMark) => mark.status !== 'healed';
const categoryLabel = (value: string) => PRESSURE_ULCER_CATEGORIES.find((option) => option.value === value)?.label.split(':')[0] ?? value;

/** The worst open pressure ulcer on the record, with what its category calls for. */
export function pressureDamageResult(marks: readonly SkinMark[]): DocumentResult {
  const ulcers = marks.filter((mark) => mark.type === 'pressure-ulcer' && isOpen(mark) && mark.category && SEVERITY[mark.category] !== undefined);
  const label = 'Pressure damage';
  if (ulcers.length === 0) {
    return { key: 'pressure_damage', label, value: 'None open', band: 'No open pressure ulcer', level: 'low', actions: ['Keep checking the skin at personal care; report new redness the same day.'] };
  }
  const worst = ulcers.reduce((a, b) => (SEVERITY[b.category!]! > SEVERITY[a.category!]! ? b : a));
  const severity = SEVERITY[worst.category!]!;
  const value = `${categoryLabel(worst.category!)}${worst.location ? `, ${worst.location}` : ''}${ulcers.length > 1 ? ` (${ulcers.length} open)` : ''}`;
  let band: string;
  let level: ResultLevel;
  let actions: string[];
  if (severity >= 3) {
    band = 'Serious pressure damage';
    level = 'very-high';
    actions = [
      'District nurse to assess and lead the wound care; tissue viability referral.',
      'Manager: complete the safeguarding adults decision guide (DHSC 2018) and raise a concern if it says so.',
      'Manager: decide whether it is a serious injury to notify to the CQC (Registration Regulation 18).',
      'Reassess Waterlow and the equipment now; reposition as the district nurse’s plan says.',
    ];
  } else if (severity === 2 || ulcers.length > 1) {
    band = severity === 2 ? 'Category 2 pressure ulcer' : 'More than one pressure ulcer';
    level = 'high';
    actions = [
      'District nurse informed and treating; follow their dressing and repositioning plan.',
      'Off-load the area: no pressure on it (heels floated, 30° tilt, cushion).',
      'Reassess Waterlow; check the mattress and cushion with the district nurse.',
      ...(ulcers.length > 1 ? ['More than one pressure ulcer: manager to complete the safeguarding decision guide.'] : []),
    ];
  } else {
    band = 'Category 1 pressure damage';
    level = 'medium';
    actions = ['Tell the district nurse the same day.', 'Keep all pressure off the area and recheck it at every call.', 'Reassess Waterlow and the repositioning plan.'];
  }
  return { key: 'pressure_damage', label, value, band, level, actions };
}

/** Open bruises and other marks, and whether any is unexplained (a safeguarding question, not a clinical one). */
export function bruisesResult(marks: readonly SkinMark[], unexplainedMarks: boolean | null | undefined): DocumentResult {
  const open = marks.filter((mark) => mark.type !== 'pressure-ulcer' && isOpen(mark)).length;
  const label = 'Bruises and other marks';
  if (unexplainedMarks) {
    return {
      key: 'skin_marks',
      label,
      value: open,
      band: 'Unexplained marks',
      level: 'high',
      actions: ['Tell the manager today: unexplained bruising or marks are a safeguarding concern until explained.', 'Record them on the body map with size, colour and what the person says.'],
    };
  }
  return {
    key: 'skin_marks',
    label,
    value: open,
    band: open === 0 ? 'None open' : 'Explained',
    level: open === 0 ? 'none' : 'low',
    actions: open === 0 ? [] : ['Recheck at each personal-care call until healed; record changes on the body map.'],
  };
}
