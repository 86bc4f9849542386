import { bandOf, burFigures, cqmFigures, hdsFigures, median, ratio, recruitmentFigures, totalVisits, type ApplicantFact, type CqmInputs, type VisitFact } from './formulas';

// A small hand-checked dataset per KPI: the expected numbers below were worked out by hand (comments show how).

const visit = (fact: Partial<VisitFact> & Pick<VisitFact, 'planned_minutes'>): VisitFact => ({
  status: 'completed',
  cancel_reason: null,
  late_minutes: 0,
  actual_minutes: fact.planned_minutes,
  confirmed: true,
  ...fact,
});

// Seven visits of a week: four delivered, one missed, one cancelled by the client, one by the agency.
const WEEK: VisitFact[] = [
  visit({ planned_minutes: 60, late_minutes: 5 }),
  visit({ planned_minutes: 30, late_minutes: 20, actual_minutes: 20 }), // late and short (20 < 22.5)
  visit({ planned_minutes: 30 }),
  visit({ planned_minutes: 45, late_minutes: -5 }),
  visit({ planned_minutes: 15, status: 'missed', late_minutes: null, actual_minutes: null, confirmed: false }),
  visit({ planned_minutes: 30, status: 'cancelled', cancel_reason: 'client-request', late_minutes: null, actual_minutes: null, confirmed: false }),
  visit({ planned_minutes: 60, status: 'cancelled', cancel_reason: 'agency', late_minutes: null, actual_minutes: null, confirmed: false }),
];

describe('ratio', () => {
  it('rounds to one decimal and answers null over nothing', () => {
    expect(ratio(6, 7)).toBe(85.7);
    expect(ratio(1, 0)).toBeNull();
    expect(ratio(1, 5, 1000)).toBe(200);
  });
});

describe('HDS: hours delivered summary', () => {
  it('commissioned, delivered, delivery %, hours lost by reason and call-length bands', () => {
    const figures = hdsFigures(totalVisits(WEEK));
    // Commissioned: 60+30+30+45+15+30 = 210 min (the agency's cancellation is not commissioned) = 3.5 h.
    expect(figures.commissioned_hours).toBe(3.5);
    // Delivered: 60+20+30+45 = 155 min = 2.58 h; 155 / 210 = 73.8 %.
    expect(figures.delivered_hours).toBe(2.58);
    expect(figures.delivery_percent).toBe(73.8);
    expect(figures.lost_client_hours).toBe(0.5);
    expect(figures.lost_missed_hours).toBe(0.25);
    expect(figures.lost_agency_hours).toBe(1);
    // Bands of the 5 visits not cancelled: 15 → 1, 30 → 2, 45 → 1, 60 → 1.
    expect([figures.band_15, figures.band_30, figures.band_45, figures.band_60]).toEqual([1, 2, 1, 1]);
  });

  it('bands by the nearest call length', () => {
    expect([bandOf(10), bandOf(22), bandOf(23), bandOf(37), bandOf(38), bandOf(52), bandOf(53), bandOf(120)]).toEqual(['band_15', 'band_15', 'band_30', 'band_30', 'band_45', 'band_45', 'band_60', 'band_60']);
  });

  it('an unconfirmed visit is not delivered', () => {
    expect(hdsFigures(totalVisits([visit({ planned_minutes: 60, confirmed: false })])).delivered_hours).toBe(0);
  });
});

const CQM: CqmInputs = {
  visits: totalVisits(WEEK),
  client_week_carers: 9,
  client_weeks: 6,
  medication_visits: 7,
  medication_visits_recorded: 6,
  incidents: 2,
  safeguarding_concerns: 1,
  complaints: 1,
  clients: 40,
  training_required: 50,
  training_held: 45,
  supervision_due: 9,
  supervision_in_date: 7,
  leavers_12m: 3,
  headcount_start: 20,
  headcount_end: 28,
};

describe('CQM: care quality measures', () => {
  const figures = cqmFigures(CQM);

  it('punctuality: check-ins within the window ÷ check-ins', () => {
    // 4 check-ins, 3 within 15 minutes (5, 0, -5; not 20) = 75 %.
    expect(figures.punctuality_percent).toBe(75);
    // 7 check-ins, 6 on time = 85.7 %.
    const seven = [...Array(6)].map(() => visit({ planned_minutes: 30, late_minutes: 10 })).concat(visit({ planned_minutes: 30, late_minutes: 16 }));
    expect(cqmFigures({ ...CQM, visits: totalVisits(seven) }).punctuality_percent).toBe(85.7);
    // A branch window of 20 minutes makes the late one punctual: 4 of 4.
    expect(cqmFigures({ ...CQM, visits: totalVisits(WEEK, 20) }).punctuality_percent).toBe(100);
  });

  it('missed visits: count and per 1,000 visits due', () => {
    expect(figures.missed_visits).toBe(1);
    expect(figures.missed_per_1000).toBe(200); // 1 of 5 visits not cancelled
  });

  it('short visits: under 75 % of the planned length', () => {
    expect(figures.short_visits).toBe(1);
    expect(figures.short_percent).toBe(25); // 1 of 4 timed visits
  });

  it('continuity: carers per client a week', () => {
    expect(figures.carers_per_client_week).toBe(1.5); // 9 carer-weeks over 6 client-weeks
  });

  it('MAR compliance', () => {
    expect(figures.mar_compliance_percent).toBe(85.7); // 6 of 7 medication visits
  });

  it('incidents per 1,000 hours delivered, and safeguarding concerns', () => {
    expect(figures.incidents).toBe(2);
    expect(figures.incidents_per_1000_hours).toBe(774.2); // 2 ÷ (155 / 60) × 1000 = 774.19
    expect(figures.safeguarding_concerns).toBe(1);
  });

  it('complaints per 100 clients', () => {
    expect(figures.complaints_per_100_clients).toBe(2.5); // 1 ÷ 40 × 100
  });

  it('training and supervision compliance', () => {
    expect(figures.training_compliance_percent).toBe(90); // 45 of 50 carer-course pairs
    expect(figures.supervision_compliance_percent).toBe(77.8); // 7 of 9 carers
  });

  it('staff turnover: leavers in 12 months ÷ average headcount', () => {
    expect(figures.turnover_percent).toBe(12.5); // 3 ÷ ((20 + 28) / 2)
  });

  it('says “no data” rather than 0 % when nothing was due', () => {
    const none = cqmFigures({ ...CQM, visits: totalVisits([]), medication_visits: 0, medication_visits_recorded: 0, client_weeks: 0, client_week_carers: 0 });
    expect(none.punctuality_percent).toBeNull();
    expect(none.mar_compliance_percent).toBeNull();
    expect(none.carers_per_client_week).toBeNull();
    expect(none.incidents_per_1000_hours).toBeNull();
  });
});

describe('Recruitment funnel', () => {
  const applicants: ApplicantFact[] = [
    { source: 'website', applied_on: '2026-01-01', furthest: 6, closed: null, hired_on: '2026-01-21' }, // 20 days
    { source: 'indeed', applied_on: '2026-01-05', furthest: 6, closed: null, hired_on: '2026-02-04' }, // 30 days
    { source: 'website', applied_on: '2026-01-08', furthest: 3, closed: 'withdrawn', hired_on: null },
    { source: 'indeed', applied_on: '2026-01-10', furthest: 2, closed: 'rejected', hired_on: null },
    { source: 'referral', applied_on: '2026-01-12', furthest: 1, closed: null, hired_on: null },
    { source: 'website', applied_on: '2026-01-20', furthest: 0, closed: 'rejected', hired_on: null },
  ];
  const figures = recruitmentFigures(applicants);

  it('counts each stage reached and how applications ended', () => {
    expect([figures.applicants, figures.screened, figures.interviewed, figures.offered, figures.hired]).toEqual([6, 5, 4, 3, 2]);
    expect([figures.rejected, figures.withdrew, figures.in_progress]).toEqual([2, 1, 1]);
  });

  it('conversion rates', () => {
    expect(figures.screened_percent).toBe(83.3); // 5 / 6
    expect(figures.interview_percent).toBe(80); // 4 / 5
    expect(figures.offer_percent).toBe(75); // 3 / 4
    expect(figures.offer_accept_percent).toBe(66.7); // 2 / 3
    expect(figures.conversion_percent).toBe(33.3); // 2 / 6
  });

  it('median days to hire and sources', () => {
    expect(figures.median_days_to_hire).toBe(25); // (20 + 30) / 2
    expect(median([3, 1, 2])).toBe(2);
    expect(figures.sources).toEqual([
      { source: 'website', applicants: 3, hired: 1 },
      { source: 'indeed', applicants: 2, hired: 1 },
      { source: 'referral', applicants: 1, hired: 0 },
    ]);
  });
});

describe('BUR: branch utilisation', () => {
  it('utilisation, delivered, unfilled and travel share', () => {
    // 300 contracted hours a week over 28 days = 1,200 h; 60,000 rostered minutes = 1,000 h → 83.3 %.
    const figures = burFigures({ contracted_weekly_hours: 300, days: 28, rostered_minutes: 60_000, delivered_minutes: 57_000, unfilled_visits: 4, travel_minutes: 6_000 });
    expect(figures.contracted_hours).toBe(1200);
    expect(figures.rostered_hours).toBe(1000);
    expect(figures.utilisation_percent).toBe(83.3);
    expect(figures.delivered_hours).toBe(950);
    expect(figures.unfilled_visits).toBe(4);
    expect(figures.travel_hours).toBe(100);
    expect(figures.travel_share_percent).toBe(9.1); // 6,000 ÷ 66,000
  });

  it('no contracted hours: utilisation has no figure', () => {
    expect(burFigures({ contracted_weekly_hours: 0, days: 30, rostered_minutes: 100, delivered_minutes: 0, unfilled_visits: 0, travel_minutes: 0 }).utilisation_percent).toBeNull();
  });
});
