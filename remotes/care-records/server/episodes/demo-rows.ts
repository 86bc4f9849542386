import { londonDate, type DemoRows } from '@hcm/contract/engine';
import { clock } from '@hcm/contract/time';

// Demo hospital stays and care endings (contract/episodes.ts), appended to CLIENT_DEMO_ROWS. client_id is the
// position of a demo client (../demo-rows.ts). Dates are relative to the day the demo is seeded, so Irene
// Kowalczyk (3, status "In hospital") is always in hospital now, and Gwendolyn Harris (8) always under notice.

const DAY = 86_400_000;
/** The UK day `days` from the seed (negative: in the past). */
const day = (days: number) => londonDate(new Date(clock.nowMs() + days * DAY));

export const EPISODE_DEMO_ROWS: DemoRows = {
  'client-hospitals': [
    {
      client_id: 3,
      hospital: 'Royal Free Hospital, Hampstead',
      ward: '10 North (trauma and orthopaedics), 020 7794 0500',
      admitted_on: day(-9),
      admitted_via: 'ambulance',
      reason:
        'Fell in the kitchen in the night reaching for the kettle; found on the floor by the morning carer, conscious, right wrist swollen and misshapen. Fractured right wrist (distal radius), set in theatre the next day.',
      expected_discharge_on: day(5),
      discharged_on: '',
      discharge_destination: '',
      visits_paused: true,
      reported_by: 'Morning carer at the call, who rang 999 and then the office',
      reported_on: day(-9),
      reported_time: '07:55',
      notes:
        'Medically fit; discharge waits for an OT home visit (perching stool, second stair rail). Agnieszka lets the OT in. Restart with a review visit on the day of discharge; Mark Taylor (social worker) is asking for four calls a day for two weeks.',
    },
    {
      client_id: 9,
      hospital: 'Southmead Hospital, Bristol',
      ward: 'Gate 27b (respiratory)',
      admitted_on: day(-121),
      admitted_via: 'gp-referral',
      reason:
        'Chest infection with new confusion; the GP visited at home and sent him in. His Parkinson’s medicine times were given to the ward on admission (time-critical).',
      expected_discharge_on: day(-116),
      discharged_on: day(-114),
      discharge_destination: 'home-same-package',
      visits_paused: true,
      reported_by: 'Maria Nowak (wife), by phone',
      reported_on: day(-121),
      reported_time: '11:20',
      notes: 'Calls restarted the morning after discharge. Antibiotics finished at home, prompted by carers; the discharge letter went to the GP and a copy is in the care file.',
    },
  ],
  'client-pre-exit': [
    {
      client_id: 8,
      reason: 'residential-nursing-care',
      notice_given_by: 'family',
      notice_date: day(-6),
      planned_end_date: day(22),
      final_visit_date: '',
      handover_to: 'Westbury Court Nursing Home: handover call with the deputy manager on the day she moves',
      equipment_to_collect: "Care file and MAR folder (large-print MAR chart), gloves and aprons, the agency's loaned key safe.",
      keys_returned: false,
      documents_to_archive: 'Care file, daily notes and MAR charts since October 2024: bring them back on the final visit and archive them at the office.',
      exit_survey_sent: false,
      notes: 'Rhys Harris (son, LPA) gave notice and has told Bristol City Council, whose funding ends on the planned end date. Warfarin: hand the yellow book and the INR dates to the nursing home.',
    },
  ],
};
