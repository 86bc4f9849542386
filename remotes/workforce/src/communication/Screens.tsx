import { Route, Routes } from 'react-router-dom';
import type { AreaDescriptor } from '@hcm/contract';
import { NotFound } from '@hcm/kit';
import { AreaHome } from '@hcm/kit/routing';
import descriptor from '../../area.json';
import { CarerList, CarerThreadScreen } from './CarerMessages';
import { ChatList, ChatReader } from './ChatMonitoring';
import { FamilyClientList, FamilyContactList, FamilyThreadScreen } from './FamilyMessages';
import { NoticeDetail, NoticeList, PublishNotice } from './Notices';

// /app/communication itself: the communication sections the user may open, from the area's own navigation.
const communication = (descriptor as AreaDescriptor).navigation.find((item) => item.name === 'communication')!;
const HOME = {
  title: 'Communication',
  description: "Notices to carers and staff, messages with carers and clients' families, and chat monitoring.",
  home: '/app/communication',
  navigation: [communication],
};

/** The communication screens under /app/communication (spec §2.2): notices, carer and family messages, chat monitoring. */
export default function CommunicationScreens() {
  return (
    <Routes>
      <Route index element={<AreaHome area={HOME} />} />
      <Route path="notices" element={<NoticeList />} />
      <Route path="notices/add" element={<PublishNotice />} />
      <Route path="notices/:id" element={<NoticeDetail />} />
      <Route path="carer-messages" element={<CarerList />} />
      <Route path="carer-messages/:carerId" element={<CarerThreadScreen />} />
      <Route path="family-messages" element={<FamilyClientList />} />
      <Route path="family-messages/clients/:clientId" element={<FamilyContactList />} />
      <Route path="family-messages/contacts/:contactId" element={<FamilyThreadScreen />} />
      <Route path="chat/monitoring" element={<ChatList />} />
      <Route path="chat/monitoring/:chatId" element={<ChatReader />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
