import { useParams } from 'react-router-dom';
import { UserDetailView } from './UserDetailView';

/** /description/:id: the user detail as a page. */
export default function UserDetailPage() {
  const { id } = useParams();
  return <UserDetailView key={id} userId={Number(id)} />;
}
