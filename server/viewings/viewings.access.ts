// Who may call each operation of viewings and open houses (see context/access.ts): the one declaration
// the SDL directives and the service's guards are checked against or read. GraphQL only (the spec's
// REST table has no viewings); every mutation counts against the caller's `userWrites` budget.
import { accessTable, auth } from '../context/access';

const buyers = auth('user');
const agents = auth('agent');

export const viewingsAccess = accessTable({
  // GraphQL root fields (viewings.graphql)
  viewingAvailability: agents,
  freeViewingSlots: auth('user', 'agent', 'admin'),
  myViewings: buyers,
  myViewingsOf: buyers,
  agentViewingWeek: agents,
  viewingFeedback: auth('agent', 'admin'),
  setViewingAvailability: agents,
  bookViewing: buyers,
  requestViewing: buyers,
  confirmViewing: agents,
  declineViewing: agents,
  proposeViewingTime: agents,
  acceptViewingTime: buyers,
  cancelViewing: auth('user', 'agent'),
  leaveViewingFeedback: buyers,
  addOpenHouse: agents,
  removeOpenHouse: agents,
});
