import { Navigate, useLocation, useParams } from 'react-router-dom';

/** /redirect/<path>: re-enters <path> (used to reload the current page in place). */
export function RedirectPage() {
  const { '*': path = '' } = useParams();
  const { search } = useLocation();
  return <Navigate to={`/${path}${search}`} replace />;
}
