// Example values the rows' samples share (row.ts, Sample): ids of the form the API takes, and a
// service as an incident names it. They name nothing of any account.
export const EXAMPLE_ID = '00000000-0000-4000-8000-0000000000e1';
export const EXAMPLE_ACCOUNT_ID = '00000000-0000-4000-8000-0000000000e2';
export const EXAMPLE_SERVICE = {
  id: '00000000-0000-4000-8000-0000000000e3',
  name: 'Web App',
  accountId: EXAMPLE_ACCOUNT_ID,
  created_at: '2025-01-01',
  updated_at: null,
};
export const EXAMPLE_WINDOW = { startTime: '2025-03-09', endTime: '2025-03-10T12:00:00Z' };
