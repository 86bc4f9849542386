import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { CurrentUser } from '@hcm/contract';
import { api, useSession } from '@hcm/kit';
import { withData } from '@hcm/kit/testing';
import type { CareNoteRow, CareNoteSummary as Summary, DailyReport, MoneyEntryRow } from '../../contract';
import CallLogs from './CallLogs';
import CareNotes from './CareNotes';
import CareNoteSummary from './CareNoteSummary';
import DailyReporting from './DailyReporting';
import LogBook from './LogBook';
import MoneyAudit from './MoneyAudit';
import MoneyHandled from './MoneyHandled';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() } };
});
jest.mock('@hcm/kit/pdf', () => ({
  PdfViewer: ({ file, title }: { file: string; title: string }) => <section aria-label={`PDF: ${title}`}>{file}</section>,
}));
const get = api.get as jest.Mock;
const post = api.post as jest.Mock;
const ok = (data: unknown, message = 'OK') => ({ data, error: false, message, errors: null, httpStatus: 200 });
const invalid = (errors: Record<string, string[]>) => ({ data: null, error: true, message: 'The given data was invalid.', errors, httpStatus: 422 });
const page = <T,>(rows: T[]) => ({ data: rows, total: rows.length, page: 1, page_size: 20, last_page: 1 });

const note = (overrides: Partial<CareNoteRow>): CareNoteRow => ({
  id: 1, client_id: 7, category: 'nutrition-hydration', category_label: 'Nutrition and hydration', visit_date: '2026-11-20', planned_time: '12:30', external_visit_id: '',
  written_at: '2026-11-20T13:05:00Z', recorded_at: '2026-11-20T13:06:00Z', author_id: null, author_name: 'Grace Okoro', note: 'Fish pie and green beans, ate most of it.',
  mood: 'settled', fluid_ml: 300, food_portion: 'most', food_description: 'fish pie', bowel: '', bladder: '', concern: false, escalated_to: '', body_map_reference: '',
  amends_id: null, amendment_reason: '', amended_by_id: null, source: 'device', ...overrides,
});

const categories = [
  { id: 1, key: 'personal-care', label: 'Personal care', position: 10, active: true },
  { id: 2, key: 'nutrition-hydration', label: 'Nutrition and hydration', position: 20, active: true },
];

let answers: Record<string, unknown>;
beforeEach(() => {
  get.mockReset();
  post.mockReset();
  answers = {};
  get.mockImplementation((path: string) => Promise.resolve(ok(answers[path] ?? page([]))));
  useSession.setState({
    status: 'authenticated',
    user: {
      userID: 2, userRole: 'office_staff', userPermissions: ['clients.view', 'clients.edit'], userUnreadMessageCount: 0,
      name: 'Oliver Office', email: 'office@homecare.test', userType: 'domiciliary', roleLabel: 'Office staff', branches: [{ id: 1, name: 'Camden' }],
    } as CurrentUser,
  });
});

function renderTab(segment: string, element: ReactNode, path = `/app/clients/7/${segment}`) {
  const router = createMemoryRouter([{ path: `/app/clients/:id/${segment}/*`, element }], { initialEntries: [path] });
  render(withData(<RouterProvider router={router} />));
}

test('care notes: a feed of cards, newest first, each with its time, author, category, flags and full text', async () => {
  answers['api/v1/care-note-categories'] = categories;
  answers['api/v1/clients/7/care-notes/authors'] = [{ id: 3, name: 'Grace Okoro' }];
  const long = 'Bruise on the left shin, about 3 cm, yellowing. '.repeat(8).trim();
  answers['api/v1/clients/7/care-notes'] = page([
    note({ id: 3, planned_time: '', category: 'skin', category_label: 'Skin integrity', concern: true, escalated_to: 'Oliver Office, 12:55', note: long, fluid_ml: null, food_portion: '', mood: '' }),
    note({ id: 2, fluid_ml: 150, amends_id: 1, amendment_reason: 'Typed 1500 for 150 ml.' }),
    note({ id: 1, fluid_ml: 1500, amended_by_id: 2 }),
  ]);
  renderTab('client-logs', <CareNotes clientId={7} />);
  const feed = await screen.findByRole('feed', { name: 'Care notes, newest first' });
  const cards = within(feed).getAllByRole('article');
  expect(cards).toHaveLength(3);
  expect(screen.queryByRole('table')).not.toBeInTheDocument();

  const [concern, correction, amended] = cards as [HTMLElement, HTMLElement, HTMLElement];
  expect(concern).toHaveAccessibleName('Fri 20 Nov 2026, between calls · Skin integrity');
  expect(within(concern).getByRole('heading', { level: 3 })).toHaveTextContent('Fri 20 Nov 2026, between calls · Skin integrity');
  // The full text, not cut to a column.
  expect(within(concern).getByText(long)).toBeInTheDocument();
  expect(within(within(concern).getByRole('list', { name: 'Flags' })).getByText('Concern')).toBeInTheDocument();
  expect(concern).toHaveTextContent('Concern raised, escalated to Oliver Office, 12:55.');
  expect(concern).toHaveTextContent('Written by Grace Okoro, Fri 20 Nov 2026, 13:05 (carer app)');
  expect(concern).toHaveAttribute('aria-posinset', '1');
  expect(concern).toHaveAttribute('aria-setsize', '3');

  expect(within(correction).getByRole('heading', { name: 'Fri 20 Nov 2026, 12:30 · Nutrition and hydration' })).toBeInTheDocument();
  expect(within(correction).getByRole('list', { name: 'Flags' })).toHaveTextContent('Correction');
  expect(correction).toHaveTextContent('Correction of note 1: Typed 1500 for 150 ml.');
  expect(correction).toHaveTextContent('Fluids150 ml');
  expect(within(amended).getByRole('list', { name: 'Flags' })).toHaveTextContent('Amended');
  expect(amended).toHaveTextContent('1500 ml');
  expect(within(amended).getByRole('link', { name: 'Correct note 1' })).toHaveAttribute('href', '/app/clients/7/client-logs/add?amends=1');
  expect(screen.getByRole('status')).toHaveTextContent('Showing 3 of 3 notes, newest first.');
  expect(screen.queryByRole('button', { name: /Show .* more/ })).not.toBeInTheDocument();

  // The filters ask the API, from the first page.
  await userEvent.selectOptions(screen.getByLabelText('Concerns'), 'Concerns only');
  await waitFor(() => expect(get).toHaveBeenCalledWith('api/v1/clients/7/care-notes', expect.objectContaining({ flagged: '1', page: 1, page_size: 20 })));
});

test('care notes: "Show more" adds the next page under the first and moves the focus to its first note', async () => {
  answers['api/v1/care-note-categories'] = categories;
  answers['api/v1/clients/7/care-notes/authors'] = [];
  const first = Array.from({ length: 20 }, (_, index) => note({ id: 45 - index, note: `Note number ${45 - index}.` }));
  const second = Array.from({ length: 5 }, (_, index) => note({ id: 25 - index, note: `Note number ${25 - index}.` }));
  get.mockImplementation((path: string, query?: { page?: number }) => {
    if (path === 'api/v1/clients/7/care-notes') {
      const rows = query?.page === 2 ? second : first;
      return Promise.resolve(ok({ data: rows, total: 25, page: query?.page ?? 1, page_size: 20, last_page: 2 }));
    }
    return Promise.resolve(ok(answers[path] ?? page([])));
  });
  renderTab('client-logs', <CareNotes clientId={7} />);
  const feed = await screen.findByRole('feed', { name: 'Care notes, newest first' });
  await waitFor(() => expect(within(feed).getAllByRole('article')).toHaveLength(20));
  expect(screen.getByRole('status')).toHaveTextContent('Showing 20 of 25 notes, newest first.');
  await userEvent.click(screen.getByRole('button', { name: 'Show 5 more' }));
  await waitFor(() => expect(within(feed).getAllByRole('article')).toHaveLength(25));
  expect(get).toHaveBeenCalledWith('api/v1/clients/7/care-notes', expect.objectContaining({ page: 2, page_size: 20 }));
  const articles = within(feed).getAllByRole('article');
  expect(articles[0]).toHaveTextContent('Note number 45.');
  expect(articles[20]).toHaveTextContent('Note number 25.');
  expect(articles[20]).toHaveAttribute('aria-posinset', '21');
  await waitFor(() => expect(articles[20]).toHaveFocus());
  expect(screen.getByRole('status')).toHaveTextContent('Showing 25 of 25 notes, newest first.');
  expect(screen.queryByRole('button', { name: /Show .* more/ })).not.toBeInTheDocument();
});

test('adding a care note: the server’s 422 goes on its field and what was typed stays', async () => {
  answers['api/v1/care-note-categories'] = categories;
  post.mockResolvedValue(invalid({ category: ['Choose a category from the list.'] }));
  renderTab('client-logs', <CareNotes clientId={7} />, '/app/clients/7/client-logs/add');
  const form = await screen.findByRole('form', { name: 'Add a care note' });
  await waitFor(() => expect(within(form).getByRole('option', { name: 'Personal care' })).toBeInTheDocument());
  await userEvent.selectOptions(within(form).getByLabelText('Category'), 'Personal care');
  await userEvent.type(within(form).getByLabelText('Note'), 'Washed at the sink and dressed in her blue cardigan.');
  await userEvent.type(within(form).getByLabelText('Fluids taken (ml)'), '250');
  await userEvent.click(within(form).getByRole('checkbox', { name: 'This note raises a concern' }));
  // The shared schema asks who the concern went to before anything is sent.
  await userEvent.click(within(form).getByRole('button', { name: 'Save note' }));
  expect(await within(form).findByText('Say who the concern was escalated to (name and role).')).toBeInTheDocument();
  expect(post).not.toHaveBeenCalled();
  await userEvent.type(within(form).getByLabelText('Escalated to'), 'Office, Oliver, 08:40');
  await userEvent.click(within(form).getByRole('button', { name: 'Save note' }));
  expect(await within(form).findByText('Choose a category from the list.')).toBeInTheDocument();
  expect(post).toHaveBeenCalledWith('api/v1/clients/7/care-notes', expect.objectContaining({ category: 'personal-care', fluid_ml: '250', concern: true, escalated_to: 'Office, Oliver, 08:40' }));
  expect(within(form).getByLabelText('Note')).toHaveValue('Washed at the sink and dressed in her blue cardigan.');
});

test('correcting a note starts from it and asks why', async () => {
  answers['api/v1/care-note-categories'] = categories;
  answers['api/v1/clients/7/care-notes/1'] = note({ id: 1, fluid_ml: 1500 });
  post.mockResolvedValue(ok(note({ id: 4, amends_id: 1 }), 'Correction saved.'));
  renderTab('client-logs', <CareNotes clientId={7} />, '/app/clients/7/client-logs/add?amends=1');
  const form = await screen.findByRole('form', { name: 'Correct a care note' });
  await waitFor(() => expect(within(form).getByLabelText('Fluids taken (ml)')).toHaveValue('1500'));
  await userEvent.clear(within(form).getByLabelText('Fluids taken (ml)'));
  await userEvent.type(within(form).getByLabelText('Fluids taken (ml)'), '150');
  await userEvent.type(within(form).getByLabelText('Reason for the correction'), 'Typed 1500 for 150 ml.');
  await waitFor(() => expect(within(form).getByRole('combobox', { name: 'Category' })).toHaveValue('nutrition-hydration'));
  await userEvent.click(within(form).getByRole('button', { name: 'Save the correction' }));
  await waitFor(() => expect(post).toHaveBeenCalledWith('api/v1/clients/7/care-notes', expect.objectContaining({ amends_id: '1', fluid_ml: '150', amendment_reason: 'Typed 1500 for 150 ml.' })));
});

test('daily reporting: the day’s totals and its notes in call order', async () => {
  const report: DailyReport = {
    date: '2026-11-20',
    notes: [note({ id: 5, planned_time: '08:00', category_label: 'Personal care', note: 'Washed and dressed.' }), note({ id: 6 })],
    totals: { notes: 2, fluid_ml: 600, meals_eaten: 2, meals_offered: 2, concerns: 0, calls: 2 },
  };
  get.mockImplementation((path: string) => Promise.resolve(ok(path.endsWith('daily-report') ? report : page([]))));
  renderTab('daily-reporting', <DailyReporting clientId={7} />);
  const totals = await screen.findByRole('list', { name: "The day's totals" });
  expect(totals).toHaveTextContent('600 ml fluids taken');
  expect(totals).toHaveTextContent('2 of 2 meals mostly eaten');
  const notes = screen.getByRole('list', { name: 'Notes in call order' });
  expect(within(notes).getAllByRole('listitem')[0]).toHaveTextContent('08:00 · Personal care');
  await userEvent.click(screen.getByRole('button', { name: 'Previous day' }));
  await waitFor(() => expect(get).toHaveBeenLastCalledWith('api/v1/clients/7/daily-report', expect.objectContaining({ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) })));
});

test('care-note summary: counts per category, concerns, a table per day, and the PDF in the viewer', async () => {
  const summary: Summary = {
    from: '2026-11-19', to: '2026-11-20', total_notes: 8,
    by_category: [{ category: 'personal-care', label: 'Personal care', count: 5 }, { category: 'skin', label: 'Skin integrity', count: 1 }],
    concerns: [{ id: 3, visit_date: '2026-11-20', category_label: 'Skin integrity', note: 'Bruise on the left shin.', escalated_to: 'Oliver Office', author_name: 'Grace Okoro' }],
    concerns_escalated: 1,
    days: [{ date: '2026-11-19', notes: 4, fluid_ml: 1250, meals_eaten: 3, meals_offered: 3, concerns: 0 }, { date: '2026-11-20', notes: 4, fluid_ml: 900, meals_eaten: 2, meals_offered: 3, concerns: 1 }],
  };
  get.mockResolvedValue(ok(summary));
  renderTab('care-note-summary', <CareNoteSummary clientId={7} />);
  const perCategory = await screen.findByRole('table', { name: 'Notes per category' });
  expect(within(perCategory).getByRole('row', { name: 'Personal care 5' })).toBeInTheDocument();
  expect(screen.getByText(/Concerns raised: 1, escalated: 1/)).toBeInTheDocument();
  expect(within(screen.getByRole('table', { name: 'Fluids and meals per day' })).getByRole('row', { name: /1250 3 of 3 4 0/ })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Print (PDF)' }));
  expect(await screen.findByRole('region', { name: /PDF: Care note summary/ })).toHaveTextContent('api/v1/clients/7/care-note-summary.pdf?from=');
});

test('money handled: the cash held, each entry’s balance, and a reversal with its reason', async () => {
  const entry = (overrides: Partial<MoneyEntryRow>): MoneyEntryRow => ({
    id: 1, client_id: 7, transaction_date: '2026-11-20', type: 'received', amount_pence: 5000, change_pence: 5000, balance_after_pence: 5000, description: 'Cash from Susan',
    receipt_upload_id: null, receipt_title: '', receipt_content_type: '', no_receipt_reason: '', handled_by: 'Grace Okoro', witnessed_by: 'Susan Ellison', consent_confirmed: false,
    negative_flag: false, negative_reason: '', reverses_id: null, reversal_reason: '', reversed_by_id: null, recorded_by_name: 'Oliver Office', recorded_at: '2026-11-20T18:00:00Z', ...overrides,
  });
  answers['api/v1/clients/7/money'] = { ...page([entry({ id: 2, type: 'spent', amount_pence: 2340, change_pence: -2340, balance_after_pence: 2660, description: 'Weekly shop', receipt_upload_id: 9, receipt_title: 'Sainsbury’s receipt' }), entry({})]), balance_pence: 2660 };
  post.mockResolvedValueOnce(invalid({ reason: ['Reason for the reversal is required.'] })).mockResolvedValueOnce(ok(entry({ id: 3, type: 'reversal' }), 'Entry reversed.'));
  renderTab('financial-transaction', <MoneyHandled clientId={7} />);
  const table = await screen.findByRole('table', { name: 'Money entries, newest first' });
  expect(screen.getByText(/Cash held now/)).toHaveTextContent('Cash held now: £26.60');
  expect(within(table).getByRole('row', { name: /Weekly shop/ })).toHaveTextContent('−£23.40');
  await userEvent.click(within(table).getByRole('button', { name: 'Reverse entry 2' }));
  const form = screen.getByRole('form', { name: 'Reverse entry 2' });
  await userEvent.type(within(form).getByLabelText('Reason for the reversal'), 'Entered twice');
  await userEvent.click(within(form).getByRole('button', { name: 'Reverse' }));
  expect(await within(form).findByText('Reason for the reversal is required.')).toBeInTheDocument();
  expect(within(form).getByLabelText('Reason for the reversal')).toHaveValue('Entered twice');
  await userEvent.click(within(form).getByRole('button', { name: 'Reverse' }));
  await waitFor(() => expect(post).toHaveBeenLastCalledWith('api/v1/clients/7/money/2/reverse', { reason: 'Entered twice' }));
});

test('a withdrawal asks for consent and a witness before it is sent', async () => {
  answers['api/v1/clients/7/money'] = { ...page([]), balance_pence: 0 };
  renderTab('financial-transaction', <MoneyHandled clientId={7} />);
  await userEvent.click(await screen.findByRole('button', { name: 'Record money' }));
  const form = screen.getByRole('form', { name: 'Record money handled' });
  await userEvent.selectOptions(within(form).getByLabelText('What happened'), 'Cash withdrawn for the client (with consent)');
  await userEvent.type(within(form).getByLabelText('Amount (£)'), '50.00');
  await userEvent.type(within(form).getByLabelText('What for'), 'Post Office withdrawal');
  await userEvent.type(within(form).getByLabelText('Carer who handled it'), 'Grace Okoro');
  await userEvent.click(within(form).getByRole('button', { name: 'Save entry' }));
  expect(await within(form).findByText('A withdrawal needs the client’s consent (or their attorney’s) first.')).toBeInTheDocument();
  expect(within(form).getByText('A cash withdrawal is witnessed: give the witness’s name.')).toBeInTheDocument();
  expect(post).not.toHaveBeenCalled();
});

test('money audit: the records’ figures for the period are shown before the count is entered', async () => {
  answers['api/v1/clients/7/money/audits'] = [];
  answers['api/v1/clients/7/money/balance'] = { on: '2026-11-20', balance_pence: 3860, spends: 5, spends_without_receipt: [{ id: 9, transaction_date: '2026-11-15', amount_pence: 185, description: 'Milk', no_receipt_reason: 'Till broken' }] };
  renderTab('financial-transaction-audit', <MoneyAudit clientId={7} />);
  expect(await screen.findByText('No audits yet.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Audit the money held' }));
  expect(await screen.findByText('£38.60')).toBeInTheDocument();
  expect(screen.getByText(/£1\.85 Milk \(Till broken\)/)).toBeInTheDocument();
});

test('call log: open follow-ups can be marked done with what was done', async () => {
  answers['api/v1/clients/7/call-logs'] = page([{
    id: 4, client_id: 7, called_at: '2026-11-18T21:10:00Z', direction: 'in', contact_id: 2, with_name: 'Frank Morley', with_relationship: 'friend', subject: 'Knocked at the neighbour’s door',
    summary: 'Peggy knocked at 21:50 asking about her cat.', recorded_by_name: 'Maya Manager', follow_up_needed: true, follow_up_action: 'Review the bedtime call', follow_up_due: '2026-11-19',
    follow_up_done_at: null, follow_up_done_by_name: '', follow_up_outcome: '', follow_up_overdue: true,
  }]);
  post.mockResolvedValue(ok({}, 'Follow-up marked done.'));
  renderTab('call-logs', <CallLogs clientId={7} />);
  const table = await screen.findByRole('table', { name: 'Calls about the client' });
  expect(within(table).getByRole('row', { name: /Frank Morley \(friend\)/ })).toHaveTextContent('(overdue)');
  await userEvent.click(within(table).getByRole('button', { name: 'Mark follow-up 4 done' }));
  await userEvent.type(screen.getByLabelText('What was done'), 'Moved the call to 21:00.');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(post).toHaveBeenCalledWith('api/v1/clients/7/call-logs/4/follow-up', { outcome: 'Moved the call to 21:00.' }));
});

test('log book: entries waiting for a reply and the monthly audits on one screen', async () => {
  answers['api/v1/clients/7/log-book'] = page([{
    id: 8, client_id: 7, written_at: '2026-11-19T20:40:00Z', author_name: 'Lucy Hart', author_role: 'carer', audience: 'office', message: 'The pendant strap is fraying.',
    needs_reply: true, reply: '', replied_at: null, replied_by_name: '', recorded_by_name: 'Oliver Office',
  }]);
  answers['api/v1/clients/7/log-book/audits'] = [{
    id: 1, client_id: 7, month: '2026-10', auditor_name: 'Maya Manager', audited_at: '2026-11-02T10:00:00Z', entries_checked: 14, entries_recorded: 12,
    checks: { entries_dated_signed: true, entries_factual: true, concerns_escalated: true, replies_timely: false, confidentiality_kept: true, stored_safely: true },
    issues: [{ entry_date: '2026-10-09', issue: 'Request waited four days for a reply.', action: 'Check the book twice a week.' }], outcome: 'minor-issues', actions: 'Office checks twice a week.',
  }];
  renderTab('communication-log-book-audit', <LogBook clientId={7} />);
  const entries = await screen.findByRole('table', { name: 'Log book entries' });
  expect(within(entries).getByRole('row', { name: /Lucy Hart \(Carer\)/ })).toHaveTextContent('Waiting for a reply');
  const audits = await screen.findByRole('list', { name: 'Log book audits' });
  expect(audits).toHaveTextContent('2026-10: Minor issues, put right');
  expect(audits).toHaveTextContent('Entries needing a reply were answered within 48 hours: No');
  await userEvent.click(screen.getByRole('button', { name: 'Audit a month' }));
  const form = screen.getByRole('form', { name: 'Audit the log book' });
  await userEvent.click(within(form).getByRole('button', { name: 'Add an issue' }));
  expect(within(form).getByLabelText('Issue 1: what was wrong')).toBeInTheDocument();
});
