import {
  hasPermission,
  Perm,
  SEARCH_HITS_PER_KIND,
  type SearchResult,
  searchEndpoints,
  searchQuery,
} from '@app/contracts';
import { searchMembers } from '../members/member-search';
import { memberViewer } from '../members/viewer';
import { searchOrders } from '../orders/order-search';
import { access, route } from '../platform/http/route';

/**
 * The header's search (docs/product/search.md): each kind the caller may list is searched as its list scopes
 * it. Members are found by administrators holding the member list and by members holding the organisation
 * (their downline, masked); orders by holders of the orders screen (a member: their network's).
 */
export const searchRoutes = [
  route({
    endpoint: searchEndpoints.search,
    access: access.user,
    query: searchQuery,
    handler: async ({ app, caller, query }): Promise<SearchResult> => {
      const findsMembers = hasPermission(caller.roleIds, caller.isAdmin ? Perm.userList : Perm.organization);
      const findsOrders = hasPermission(caller.roleIds, Perm.orders);
      const result: SearchResult = {};
      if (findsMembers)
        result.members = await searchMembers(
          app.db,
          await memberViewer(app.db, caller),
          query.q,
          SEARCH_HITS_PER_KIND,
        );
      if (findsOrders) result.orders = await searchOrders(app.db, caller, query.q, SEARCH_HITS_PER_KIND);
      return result;
    },
  }),
];
