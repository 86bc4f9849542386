import { Route, Routes } from 'react-router-dom';
import { NotFound } from '@hcm/kit';
import { lazyScreen } from '@hcm/kit/routing';

// Each screen loads on its first visit.
const Medications = lazyScreen(() => import('./medication/Medications'), 'Loading medication events…');
const Warfarin = lazyScreen(() => import('./medication/Warfarin'), 'Loading anticoagulant events…');
const MedicationImages = lazyScreen(() => import('./medication/MedicationImages'), 'Loading medication photos…');
const MedicationAvailability = lazyScreen(() => import('./medication/MedicationAvailability'), 'Loading medication stock reports…');
const MarChartGaps = lazyScreen(() => import('./medication/MarChartGaps'), 'Loading MAR chart gaps…');
const Incidents = lazyScreen(() => import('./incidents/Incidents'), 'Loading incidents…');
const Falls = lazyScreen(() => import('./incidents/Falls'), 'Loading falls…');
const Hazards = lazyScreen(() => import('./incidents/Hazards'), 'Loading hazards…');
const FamilyFeedback = lazyScreen(() => import('./incidents/FamilyFeedback'), 'Loading family feedback…');
const FeedbackComplaintsCompliments = lazyScreen(() => import('./incidents/FeedbackComplaintsCompliments'), 'Loading complaints and compliments…');
const AssessmentAlerts = lazyScreen(() => import('./reviews/AssessmentAlerts'), 'Loading assessments due…');
const LogbookAudit = lazyScreen(() => import('./reviews/LogbookAudit'), 'Loading the log book audit…');
const Reablement = lazyScreen(() => import('./reviews/Reablement'), 'Loading reablement…');
const ReablementOverdue = lazyScreen(() => import('./reviews/ReablementOverdue'), 'Loading overdue reablement…');

/**
 * The clients' live events this area owns (spec §2.2 live-events/clients/...): what carers record at visits
 * (medication, photos, stock, incidents, falls, hazards, families' feedback) and what the records say is due
 * (assessments, log book audit, reablement). Visits, locations, not on site, monitoring and carer support are
 * the scheduler's (longer prefixes of its own).
 */
export default function LiveEventScreens() {
  return (
    <Routes>
      <Route path="medications" element={<Medications />} />
      <Route path="medications-warfarin" element={<Warfarin />} />
      <Route path="medications-images" element={<MedicationImages />} />
      <Route path="medication_availability" element={<MedicationAvailability />} />
      <Route path="marchart-audit" element={<MarChartGaps />} />
      <Route path="incidents" element={<Incidents />} />
      <Route path="client-fall" element={<Falls />} />
      <Route path="hazards" element={<Hazards />} />
      <Route path="family-feedback" element={<FamilyFeedback />} />
      <Route path="family-feedback-complaint-compliment" element={<FeedbackComplaintsCompliments />} />
      <Route path="assessment-alerts" element={<AssessmentAlerts />} />
      <Route path="logbook-audit" element={<LogbookAudit />} />
      <Route path="re-ablement" element={<Reablement />} />
      <Route path="re-ablement-overdue" element={<ReablementOverdue />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
