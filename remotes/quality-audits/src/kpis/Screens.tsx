import { Route, Routes } from 'react-router-dom';
import { NotFound } from '@hcm/kit';
import { BurForm, BurList } from './Bur';
import { CareQuality } from './Cqm';
import { HoursDelivered } from './Hds';
import { RecruitmentCreate, RecruitmentList } from './Recruitment';

/** The KPI screens under /app/kpis (README.kpis.md). */
export default function Screens() {
  return (
    <Routes>
      <Route path="hds" element={<HoursDelivered />} />
      <Route path="cqm" element={<CareQuality />} />
      <Route path="recruitment" element={<RecruitmentList />} />
      <Route path="recruitment/create" element={<RecruitmentCreate />} />
      <Route path="bur" element={<BurList />} />
      <Route path="bur/add" element={<BurForm />} />
      <Route path="bur/:editid/edit" element={<BurForm />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
