// Who may call each operation of what no portal shows (issue 23; see context/access.ts): the one declaration
// the SDL directives, the REST routes and the service's guards are checked against or read.
import { accessTable, auth } from '../context/access';

export const insightAccess = accessTable({
  // GraphQL root fields (insight.graphql)
  agentReplyTime: auth(),
  myReplyTime: auth('agent'),
  myUnansweredQuestions: auth('agent'),
  listingDemand: auth('agent', 'admin'),
  saleRecord: auth(),
  areaSalePrices: auth(),
  withholdSaleAmount: auth('agent'),
});
