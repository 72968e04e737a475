import type { Endpoint, Paged, PageMeta } from '@app/contracts';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { Empty, Table, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CallInput, request } from '../http';

/**
 * A server-paged list as a domain's `*.api.ts` declares it: its endpoint (a GET sends the query in the URL,
 * a POST such as the orders list as the body), the endpoint's path values, and the query key its pages are
 * cached under (`[...key, query]`), so a change invalidates `key` or a prefix of it.
 *   export const ordersList: ListEndpoint = { key: orderKeys.list(), endpoint: orderEndpoints.list };
 */
export interface ListEndpoint {
  key: QueryKey;
  endpoint: Endpoint;
  params?: Record<string, string | number>;
}

const pageOf = <T, M extends object>(list: ListEndpoint, query: object) => {
  const sent = list.endpoint.method === 'GET' ? { query } : { body: query };
  return request<Paged<T, M>>(list.endpoint, { params: list.params ?? {}, ...sent } as CallInput<string>);
};

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
  list: ListEndpoint,
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
    queryKey: [...list.key, params],
    queryFn: () => pageOf<T, M>(list, params),
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
