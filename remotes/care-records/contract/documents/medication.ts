import { defineDocument, type DocumentSpec } from '@hcm/contract/documents';
import { LIKELIHOOD_COLUMN, SEVERITY_COLUMN, riskMatrixResults } from './risk-matrix.js';

// The record documents of the "medication" group of the client record (../record-tabs.ts). The medicines
// themselves and their administrations are the Medication and MAR chart screens; this is the assessment of the
// support the person needs with them, as NICE NG67 (Managing medicines for adults receiving social care in the
// community, 1.3) asks: who is responsible for what, what the person can do, the level of support and why,
// time-critical medicines, covert administration only under the Mental Capacity Act, and who to contact.

const WHEN_COVERT = { field: 'covert', equals: ['agreed'] } as const;

const medicationAssessment = defineDocument({
  name: 'medication-assessment',
  title: 'Medication assessment',
  description:
    'The assessment of the support the person needs with their medicines (NICE NG67): responsibilities, abilities, capacity and consent, the level of support with its reasons, formulations and aids, time-critical medicines, covert administration, allergies, contacts and risks.',
  reviewEveryMonths: 6,
  sensitivity: 'clinical',
  permissions: { view: 'clients.view', edit: 'clients.edit', signOff: 'clients.sign-off' },
  results: (values) => riskMatrixResults(values, { field: 'risks', nameColumn: 'risk', noun: 'Medicines risk' }),
  sections: [
    {
      key: 'about',
      title: 'About this assessment',
      fields: [
        { key: 'assessment_date', label: 'Date of assessment', kind: 'date', required: true },
        {
          key: 'reason',
          label: 'Why the assessment is being done',
          kind: 'choice',
          required: true,
          options: [
            { value: 'new-package', label: 'Start of the care package' },
            { value: 'scheduled-review', label: 'Scheduled review' },
            { value: 'change-in-medicines', label: 'Medicines changed' },
            { value: 'hospital-discharge', label: 'Return home from hospital' },
            { value: 'concern', label: 'A concern or medicines incident' },
          ],
        },
        {
          key: 'people_involved',
          label: 'Who took part',
          kind: 'multi-choice',
          required: true,
          options: [
            { value: 'person', label: 'The person' },
            { value: 'family', label: 'Family or carer' },
            { value: 'attorney', label: 'Health and welfare attorney or deputy' },
            { value: 'gp', label: 'GP or practice pharmacist' },
            { value: 'community-pharmacist', label: 'Community pharmacist' },
            { value: 'nurse', label: 'District or specialist nurse' },
          ],
        },
      ],
    },
    {
      key: 'responsibilities',
      title: 'Who is responsible',
      intro: 'Agree and record who does each part, so nothing falls between the person, their family, the pharmacy and the agency.',
      fields: [
        {
          key: 'ordering_by',
          label: 'Ordering repeat prescriptions',
          kind: 'choice',
          required: true,
          options: [
            { value: 'person', label: 'The person' },
            { value: 'family', label: 'Family or carer' },
            { value: 'agency', label: 'The agency, with the person’s consent' },
            { value: 'pharmacy', label: 'The pharmacy’s repeat service or electronic repeat dispensing' },
          ],
        },
        {
          key: 'collecting_by',
          label: 'Collecting or receiving medicines',
          kind: 'choice',
          required: true,
          options: [
            { value: 'person', label: 'The person' },
            { value: 'family', label: 'Family or carer' },
            { value: 'pharmacy-delivers', label: 'The pharmacy delivers' },
            { value: 'agency', label: 'The agency' },
          ],
        },
        {
          key: 'storage',
          label: 'Where medicines are kept',
          kind: 'long-text',
          required: true,
          hint: 'The agreed place, cool and dry, out of reach of anyone at risk; medicines needing the fridge; where unwanted medicines go back to the pharmacy.',
        },
        { key: 'controlled_drugs', label: 'Controlled drugs are kept in the home', kind: 'yes-no', required: true },
        {
          key: 'controlled_drugs_storage',
          label: 'Secure storage and records for controlled drugs',
          kind: 'long-text',
          required: true,
          hint: 'A lockable place agreed with the person, who holds the key, the running balance and two signatures when the agency administers.',
          showWhen: { field: 'controlled_drugs', equals: [true] },
        },
      ],
    },
    {
      key: 'abilities',
      title: 'What the person can do, capacity and consent',
      fields: [
        {
          key: 'abilities',
          label: 'The person can',
          kind: 'multi-choice',
          options: [
            { value: 'knows-medicines', label: 'Say what each medicine is for' },
            { value: 'remembers', label: 'Remember when to take them' },
            { value: 'reads-labels', label: 'Read the labels' },
            { value: 'opens-packs', label: 'Open bottles, packs and blister packs' },
            { value: 'swallows', label: 'Swallow tablets and capsules' },
            { value: 'uses-devices', label: 'Use inhalers, eye drops or injections correctly' },
            { value: 'notices-effects', label: 'Notice and report side effects' },
          ],
        },
        { key: 'difficulties', label: 'Difficulties and what helps', kind: 'long-text', required: true, hint: 'Memory, sight, dexterity, swallowing, low mood, and what helps: prompts, large print, easy-open tops, liquids.' },
        {
          key: 'self_administer',
          label: 'Ability to take medicines themselves',
          kind: 'choice',
          required: true,
          options: [
            { value: 'independent', label: 'Manages all medicines alone' },
            { value: 'with-support', label: 'Manages with some support' },
            { value: 'cannot', label: 'Cannot manage their medicines' },
          ],
        },
        {
          key: 'capacity',
          label: 'Capacity to decide about medicines support',
          kind: 'choice',
          required: true,
          options: [
            { value: 'no-doubt', label: 'No reason to doubt the person’s capacity' },
            { value: 'assessed-has', label: 'Assessed: has capacity for this decision' },
            { value: 'assessed-lacks', label: 'Assessed: lacks capacity for this decision' },
          ],
        },
        {
          key: 'consent',
          label: 'The person consents to the support set out here',
          kind: 'yes-no',
          required: true,
          showWhen: { field: 'capacity', equals: ['no-doubt', 'assessed-has'] },
        },
        {
          key: 'best_interests',
          label: 'Best-interests decision about medicines support',
          kind: 'long-text',
          required: true,
          hint: 'The capacity assessment on the Mental capacity tab, who was consulted (a health and welfare attorney decides if one is registered) and what was decided.',
          showWhen: { field: 'capacity', equals: ['assessed-lacks'] },
        },
      ],
    },
    {
      key: 'support',
      title: 'Level of support',
      fields: [
        {
          key: 'support_level',
          label: 'Level of support needed',
          kind: 'choice',
          required: true,
          hint: 'The lowest level that keeps the person safe. It can differ between medicines: note which in the reasons.',
          options: [
            { value: 'none', label: 'None: the person manages their own medicines' },
            { value: 'prompt', label: 'Prompt: reminding the person, who takes the medicine themselves' },
            { value: 'assist', label: 'Assist: helping the person take it (opening packs, passing a glass) at their direction' },
            { value: 'administer', label: 'Administer: staff select, prepare and give the medicine' },
          ],
        },
        { key: 'support_reasons', label: 'Reasons for this level, medicine by medicine', kind: 'long-text', required: true },
        {
          key: 'formulations',
          label: 'Formulations and aids',
          kind: 'multi-choice',
          required: true,
          options: [
            { value: 'original-packs', label: 'Tablets or capsules from the original packs' },
            { value: 'mds', label: 'Multi-compartment compliance aid (blister pack) from the pharmacy' },
            { value: 'liquids', label: 'Liquids' },
            { value: 'inhalers', label: 'Inhalers' },
            { value: 'eye-drops', label: 'Eye drops' },
            { value: 'patches', label: 'Patches' },
            { value: 'creams', label: 'Creams and ointments' },
            { value: 'injections', label: 'Injections (given by a nurse or the person)' },
          ],
        },
        {
          key: 'application_sites',
          label: 'Where creams and patches go',
          kind: 'body-map',
          showWhen: { field: 'formulations', equals: ['creams', 'patches'] },
        },
        {
          key: 'topical_instructions',
          label: 'How to apply creams and patches',
          kind: 'long-text',
          required: true,
          hint: 'Which product where, how thickly, how often; rotate patch sites and remove the old patch.',
          showWhen: { field: 'formulations', equals: ['creams', 'patches'] },
        },
        { key: 'time_critical', label: 'Time-critical medicines', kind: 'yes-no', required: true, hint: 'Insulin, Parkinson’s medicines, anticoagulants, medicines before or after food, emergency medicines for seizures.' },
        {
          key: 'time_critical_details',
          label: 'Which medicines, at what times, and the window',
          kind: 'long-text',
          required: true,
          hint: 'Visits are planned around these times; say what to do if a visit is late.',
          showWhen: { field: 'time_critical', equals: [true] },
        },
      ],
    },
    {
      key: 'covert',
      title: 'Covert administration',
      intro:
        'Giving medicine hidden in food or drink is only for a person who lacks capacity to decide about the medicine, after a capacity assessment and a best-interests decision with the prescriber, and with a pharmacist’s advice on how each medicine may be given.',
      fields: [
        {
          key: 'covert',
          label: 'Covert administration',
          kind: 'choice',
          required: true,
          sensitivity: 'safeguarding',
          options: [
            { value: 'not-applicable', label: 'Not used: the person knows when they take their medicines' },
            { value: 'agreed', label: 'Agreed in the person’s best interests' },
          ],
        },
        {
          key: 'covert_decision',
          label: 'Capacity assessment and best-interests decision',
          kind: 'long-text',
          required: true,
          sensitivity: 'safeguarding',
          hint: 'The date and outcome of the capacity assessment; who took part (prescriber, pharmacist, family or attorney); why it is necessary and proportionate.',
          showWhen: WHEN_COVERT,
        },
        {
          key: 'covert_pharmacist_advice',
          label: 'Pharmacist’s advice for each medicine',
          kind: 'long-text',
          required: true,
          sensitivity: 'safeguarding',
          hint: 'Whether it may be crushed or opened, what food or drink to use, and what must not be mixed.',
          showWhen: WHEN_COVERT,
        },
        { key: 'covert_review', label: 'Covert administration to be reviewed by', kind: 'date', required: true, sensitivity: 'safeguarding', showWhen: WHEN_COVERT },
      ],
    },
    {
      key: 'safety',
      title: 'Allergies, contacts and risks',
      fields: [
        { key: 'allergies', label: 'Medicine allergies and reactions', kind: 'long-text', required: true, hint: 'Write "None known" if there are none. Keep it the same as the client’s record and the MAR chart.' },
        {
          key: 'contacts',
          label: 'Who to contact about medicines',
          kind: 'rows',
          required: true,
          columns: [
            {
              key: 'role',
              label: 'Role',
              kind: 'choice',
              required: true,
              options: [
                { value: 'gp', label: 'GP practice' },
                { value: 'pharmacy', label: 'Community pharmacy' },
                { value: 'nurse', label: 'District or specialist nurse' },
                { value: 'clinic', label: 'Clinic (anticoagulation, diabetes, epilepsy…)' },
                { value: 'family', label: 'Family member who manages medicines' },
              ],
            },
            { key: 'name', label: 'Name', kind: 'text', required: true, maxLength: 160 },
            { key: 'phone', label: 'Phone', kind: 'text', required: true, maxLength: 60 },
          ],
        },
        {
          key: 'risks',
          label: 'Risks and controls',
          kind: 'rows',
          required: true,
          hint: 'Rate each with its controls in place: likelihood × severity (low 1–3, moderate 4–6, high 8–12, extreme 15–25).',
          columns: [
            { key: 'risk', label: 'Risk', kind: 'text', required: true, maxLength: 200 },
            { key: 'controls', label: 'Controls', kind: 'long-text', required: true, maxLength: 1500 },
            LIKELIHOOD_COLUMN,
            SEVERITY_COLUMN,
          ],
        },
        { key: 'person_signature', label: 'Agreed by the person or their representative', kind: 'signature', hint: 'Leave empty if they cannot or prefer not to sign.' },
        { key: 'assessed_by', label: 'Assessed by', kind: 'signature', required: true, hint: 'A member of staff trained and assessed as competent to assess medicines support.' },
      ],
    },
  ],
});

export const MEDICATION_DOCUMENTS: readonly DocumentSpec[] = [medicationAssessment];
