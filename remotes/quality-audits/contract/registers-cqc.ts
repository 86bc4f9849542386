import { cqcCategoryLabel, type CqcPrompt, type RegisterKind } from './registers.js';

// When a register record needs a CQC notification (Registration Regulations 2009, regs 16 and 18): the save's
// answer carries the suggested category and the reason, and the record's edit screen shows the alert with a
// button that opens a notification prefilled from the record. Records of other kinds never prompt.

const prompt = (category: string, reason: string): CqcPrompt => ({ category, label: cqcCategoryLabel(category), reason });

/** The CQC notification a record calls for, or null. `values` are the record's validated values (kind fields flat). */
export function cqcPromptOf(kind: RegisterKind, values: Record<string, unknown>): CqcPrompt | null {
  const is = (field: string, ...options: string[]) => options.includes(String(values[field] ?? ''));
  if (kind === 'incident-and-accidents') {
    if (is('injury_severity', 'death')) return prompt('death', 'The person died: notify CQC of the death without delay (Regulation 16).');
    if (is('injury_severity', 'serious')) return prompt('serious_injury', 'A serious injury (such as a fracture) needs a notification (Regulation 18(2)(a)).');
    if (values['police_involved'] === true) return prompt('police', 'The police were involved: notify CQC of an incident reported to or investigated by the police (Regulation 18(2)(f)).');
    if (is('incident_type', 'skin_tear') && is('severity', 'high', 'critical')) return prompt('serious_injury', 'Pressure damage of grade 3 or worse is a serious injury (Regulation 18(2)(a)).');
    return null;
  }
  if (kind === 'safeguardings') {
    if (is('abuse_category', 'self_neglect')) return values['police_involved'] === true ? prompt('police', 'The police were involved (Regulation 18(2)(f)).') : null;
    return prompt('abuse', 'Abuse or an allegation of abuse of a person using the service must be notified (Regulation 18(2)(e)).');
  }
  if (kind === 'medication-errors') {
    if (is('harm_level', 'death')) return prompt('death', 'The person died: notify CQC of the death without delay (Regulation 16).');
    if (is('harm_level', 'severe')) return prompt('serious_injury', 'Severe harm from a medication error is a serious injury (Regulation 18(2)(a)).');
    return null;
  }
  return null;
}
