import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { defineDocument, totalScore, type DocumentResult, type DocumentValues } from '@hcm/contract/documents';
import type { ApiResult } from '@hcm/kit';
import { useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import type { DocumentView } from './model';

// Test data of the document screens' tests (not part of the entry point): a skin and pressure-area check
// asking every kind of question, with a score banded as a Waterlow-style tool does.

const RISK_KEYS = ['skin_type', 'special_risks'];

export function skinRiskResult(values: DocumentValues): DocumentResult[] {
  const answered = values.skin_type !== '' && values.skin_type !== undefined && values.skin_type !== null;
  if (!answered) return [{ key: 'pressure', label: 'Pressure risk score', value: null, band: 'Not scored', level: 'none', actions: ['Answer the skin type to score the risk.'] }];
  const score = totalScore(skinCheck, values, RISK_KEYS);
  if (score >= 6) {
    return [{ key: 'pressure', label: 'Pressure risk score', value: score, unit: 'points', band: 'High risk', level: 'high', actions: ['Ask the district nurse to assess within 24 hours.', 'Reposition at least every 2 hours and record it.'] }];
  }
  if (score >= 3) return [{ key: 'pressure', label: 'Pressure risk score', value: score, unit: 'points', band: 'At risk', level: 'medium', actions: ['Check the skin at every visit.'] }];
  return [{ key: 'pressure', label: 'Pressure risk score', value: score, unit: 'points', band: 'Low risk', level: 'low', actions: ['Check the skin weekly.'] }];
}

export const skinCheck = defineDocument({
  name: 'skin-check',
  title: 'Skin and pressure-area check',
  description: 'What the skin looks like, the pressure-damage risk, and what the person ate.',
  reviewEveryMonths: 1,
  permissions: { view: 'clients.view', edit: 'clients.edit', signOff: 'clients.sign-off' },
  sections: [
    {
      key: 'about',
      title: 'About the check',
      intro: 'When the check was done and what the person said.',
      fields: [
        { key: 'checked_on', label: 'Date of the check', kind: 'date', required: true },
        { key: 'visit_time', label: 'Time of the visit', kind: 'time' },
        { key: 'checked_by_role', label: 'Who checked (role)', kind: 'text', maxLength: 120 },
        { key: 'person_said', label: 'What the person told us about their skin', kind: 'long-text' },
        {
          key: 'mobility',
          label: 'How the person moves about',
          kind: 'choice',
          options: [
            { value: 'independent', label: 'Walks without help' },
            { value: 'aid', label: 'Walks with a frame or stick' },
            { value: 'hoist', label: 'Transfers by hoist' },
          ],
        },
        {
          key: 'continence',
          label: 'Continence',
          kind: 'choice',
          options: [
            { value: 'continent', label: 'Continent' },
            { value: 'catheter', label: 'Catheterised' },
            { value: 'occasional', label: 'Occasionally incontinent' },
            { value: 'urine', label: 'Incontinent of urine' },
            { value: 'faeces', label: 'Incontinent of faeces' },
            { value: 'doubly', label: 'Doubly incontinent' },
          ],
        },
      ],
    },
    {
      key: 'risk',
      title: 'Risk of pressure damage',
      intro: 'Score each question; the total gives the risk band.',
      fields: [
        {
          key: 'skin_type',
          label: 'Skin type in the risk areas',
          kind: 'scored',
          required: true,
          options: [
            { value: 'healthy', label: 'Healthy', score: 0 },
            { value: 'thin', label: 'Tissue paper or dry', score: 1 },
            { value: 'oedematous', label: 'Oedematous or clammy', score: 1 },
            { value: 'discoloured', label: 'Discoloured (grade 1)', score: 2 },
            { value: 'broken', label: 'Broken or spots (grade 2 to 4)', score: 3 },
          ],
        },
        {
          key: 'special_risks',
          label: 'Other risks',
          kind: 'multi-scored',
          options: [
            { value: 'smoking', label: 'Smokes', score: 1 },
            { value: 'anaemia', label: 'Anaemia', score: 2 },
            { value: 'vascular', label: 'Peripheral vascular disease', score: 5 },
          ],
        },
        { key: 'pressure_damage', label: 'Is there any pressure damage?', kind: 'yes-no', required: true },
        {
          key: 'damage_details',
          label: 'Where, what grade, and who was told',
          kind: 'long-text',
          required: true,
          showWhen: { field: 'pressure_damage', equals: [true] },
        },
        { key: 'weight', label: 'Weight', kind: 'number', unit: 'kg', decimals: 1, min: 20, max: 300 },
        {
          key: 'aids',
          label: 'Pressure-relieving equipment in use',
          kind: 'multi-choice',
          options: [
            { value: 'mattress', label: 'Pressure-relieving mattress' },
            { value: 'cushion', label: 'Cushion' },
            { value: 'heels', label: 'Heel protectors' },
          ],
        },
      ],
    },
    {
      key: 'marks',
      title: 'Marks and meals',
      fields: [
        { key: 'marks', label: 'Marks seen on the skin', kind: 'body-map' },
        {
          key: 'meals',
          label: 'Meals today',
          kind: 'rows',
          columns: [
            { key: 'time', label: 'Time', kind: 'time', required: true },
            { key: 'food', label: 'Food', kind: 'text' },
            { key: 'eaten_all', label: 'Ate it all', kind: 'yes-no' },
            {
              key: 'portion',
              label: 'Portion',
              kind: 'choice',
              options: [
                { value: 'small', label: 'Small' },
                { value: 'normal', label: 'Normal' },
              ],
            },
            { key: 'drink', label: 'Drink', kind: 'number', unit: 'ml' },
          ],
        },
        { key: 'concern', label: 'Any concern about how the marks came about', kind: 'long-text', sensitivity: 'safeguarding' },
      ],
    },
    {
      key: 'signatures',
      title: 'Signatures',
      fields: [{ key: 'checked_by', label: 'Checked by', kind: 'signature', required: true }],
    },
  ],
  results: skinRiskResult,
});

/** A document's current version as the API answers it. */
export function viewOf(overrides: Partial<DocumentView> = {}): DocumentView {
  return {
    id: 41,
    kind: 'skin-check',
    title: skinCheck.title,
    status: 'active',
    version: 3,
    review_date: '2026-01-10',
    review_state: 'overdue',
    signed_off: null,
    results: [{ key: 'pressure', label: 'Pressure risk score', value: 7, unit: 'points', band: 'High risk', level: 'high', actions: ['Ask the district nurse to assess within 24 hours.'] }],
    updated_at: '2025-12-10T14:05:00.000Z',
    updated_by: 'Nadia Okafor',
    content: {
      checked_on: '2025-12-10',
      visit_time: '08:30',
      checked_by_role: 'Senior carer',
      person_said: 'My heels are sore at night.',
      mobility: 'hoist',
      continence: 'urine',
      skin_type: 'discoloured',
      special_risks: ['vascular'],
      pressure_damage: true,
      damage_details: 'Grade 2 on the left heel; district nurse told 10/12.',
      weight: 58.4,
      aids: ['mattress', 'heels'],
      marks: [{ view: 'back', x: 42, y: 95, kind: 'pressure-damage', note: 'Blistered, 2 cm' }],
      meals: [{ time: '08:15', food: 'Porridge', eaten_all: true, portion: 'small', drink: 200 }],
      concern: 'None: the family were present.',
      checked_by: { name: 'Nadia Okafor', role: 'Senior carer', signed_at: '2025-12-10T14:00:00.000Z' },
    },
    withheld: [],
    can: { edit: true, signOff: true },
    ...overrides,
  };
}

export const ok = <T,>(data: T, httpStatus = 200): ApiResult<T> => ({ data, error: false, message: 'OK', errors: null, httpStatus });
export const refused = (httpStatus: number, message: string, errors: Record<string, string[]> | null = null): ApiResult<null> => ({ data: null, error: true, message, errors, httpStatus });

export const ALL_PERMISSIONS = ['clients.view', 'clients.edit', 'clients.clinical.view', 'clients.safeguarding.view', 'clients.sign-off'];

export function signIn(permissions: string[] = ALL_PERMISSIONS) {
  useSession.setState({
    status: 'authenticated',
    user: {
      userID: 5, userRole: 'office_staff', userPermissions: permissions, userUnreadMessageCount: 0, name: 'Priya Shah',
      email: 'priya@homecare.test', userType: 'domiciliary', roleLabel: 'Care coordinator', branches: [{ id: 1, name: 'Camden Domiciliary' }],
    } as never,
  });
}

/** `element` at `path` of a data router (the unsaved-changes warning needs one), in a data layer of its own. */
export function renderRouted(element: ReactElement, { route = '/form', at = route }: { route?: string; at?: string } = {}) {
  const router = createMemoryRouter([{ path: route, element }, { path: '*', element: <p>Elsewhere</p> }], { initialEntries: [at] });
  const rendered = render(withData(<RouterProvider router={router} />));
  return { ...rendered, router };
}

/** The permissions reading sensitive answers, as the client record mounts its documents with. */
export const SENSITIVE = { clinical: 'clients.clinical.view', safeguarding: 'clients.safeguarding.view' } as const;
