import { useParams } from 'react-router-dom';
import { StatementView } from './StatementView';

/** /statement (members): the signed-in member's own earnings statement. */
export default function StatementPage() {
  return <StatementView />;
}

/** /user/statement/:id (administrators with the member list or member report permission): a member's statement. */
export function MemberStatementPage() {
  const { id } = useParams();
  return <StatementView userId={Number(id)} />;
}
