import type { Paged, PageMeta } from '@app/contracts';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { Empty, Table, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../http';

/**
 * A server-paged list as a domain's `*.api.ts` declares it: its path, how the query is sent, and the query
 * key its pages are cached under (`[...key, query]`), so a change invalidates `key` or a prefix of it.
 *   export const ordersList: ListEndpoint = { key: orderKeys.list(), url: ORDERS.list, method: 'POST' };
 */
export interface ListEndpoint {
  key: QueryKey;
  url: string;
  /** GET sends the query in the URL; POST (the orders list) sends it as the body. */
  method?: 'GET' | 'POST';
}

export interface PagedListOptions {
  pageSize?: number;
  pageSizes?: readonly number[];
}

interface ListState {
  page: number;
  pageSize: number;
  sort?: string;
  order?: 'ascend' | 'descend';
}

/**
 * A server-paged list: page, pageSize and sort/order go into the query with the
 * filters; a change of filters returns to page 1. Returns props for antd Table
 * (loading, empty state, total) plus the answer's meta (totals of the page footer). A write refreshes the list
 * by invalidating the endpoint's key (a mutation of the domain's `*.api.ts`), never by refetching it here.
 *   const { tableProps, meta } = usePagedList<OrderView, OrderListMeta>(ordersList, filters);
 */
export function usePagedList<T, M extends object = object>(
  { key, url, method = 'GET' }: ListEndpoint,
  filters: object = {},
  { pageSize = 20, pageSizes = [10, 20, 50, 100] }: PagedListOptions = {},
) {
  const { t } = useTranslation();
  const [state, setState] = useState<ListState & { filters: string }>({
    page: 1,
    pageSize,
    filters: JSON.stringify(filters),
  });
  const filterKey = JSON.stringify(filters);
  const current = state.filters === filterKey ? state : { ...state, page: 1, filters: filterKey };
  const { filters: _, ...paging } = current;
  const params = { ...filters, ...paging };
  const query = useQuery({
    queryKey: [...key, params],
    queryFn: () =>
      method === 'GET' ? http.get<Paged<T, M>>(url, params) : http.post<Paged<T, M>>(url, params),
    placeholderData: keepPreviousData,
  });
  const tableProps: TableProps<T> = {
    dataSource: query.data?.list ?? [],
    loading: query.isFetching,
    locale: { emptyText: <Empty description={t('platform.noData')} /> },
    // A table wider than its card (always on a phone) scrolls inside the card instead of widening the page.
    scroll: { x: 'max-content' },
    pagination: {
      current: current.page,
      pageSize: current.pageSize,
      total: query.data?.meta.total ?? 0,
      showSizeChanger: true,
      pageSizeOptions: pageSizes.map(String),
      showTotal: (total) => t('platform.total', { count: total }),
    },
    onChange: (pagination, _filters, sorter) => {
      const sort = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T> | undefined;
      setState({
        filters: filterKey,
        page: pagination.current ?? 1,
        pageSize: pagination.pageSize ?? current.pageSize,
        sort: sort?.order ? String(sort.columnKey ?? sort.field) : undefined,
        order: sort?.order ?? undefined,
      });
    },
  };
  return {
    tableProps,
    meta: query.data?.meta as (PageMeta & M) | undefined,
    list: query.data?.list ?? [],
    query,
  };
}

/** A Table over a server-paged list: <PagedTable list={membersList} filters={filters} columns={columns} rowKey="id" /> */
export function PagedTable<T extends object>({
  list,
  filters,
  options,
  ...table
}: TableProps<T> & { list: ListEndpoint; filters?: object; options?: PagedListOptions }) {
  const { tableProps } = usePagedList<T>(list, filters, options);
  return <Table<T> {...tableProps} {...table} />;
}
