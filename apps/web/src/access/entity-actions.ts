import { useQueryClient } from '@tanstack/react-query';
import { feedback } from '../platform/feedback';
import { send } from '../platform/http';

/**
 * Create/update, status and delete calls of one managed list (`url` + `/:id`): each
 * toasts the server's success message and refreshes every cached list and the current
 * user (a change of roles or permissions can change what the caller may see).
 */
export function useEntityActions<V>(url: string) {
  const queryClient = useQueryClient();
  const run = async (method: 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown) => {
    const envelope = await send<V>({ method, url: path, data });
    feedback.message.success(envelope.msg);
    await queryClient.invalidateQueries();
    return envelope.data;
  };
  return {
    save: (id: number | null, values: unknown) =>
      id === null ? run('POST', url, values) : run('PUT', `${url}/${id}`, values),
    setStatus: (id: number, status: 1 | 2) => run('POST', `${url}/${id}/status`, { status }),
    remove: (id: number) => run('DELETE', `${url}/${id}`),
  };
}
