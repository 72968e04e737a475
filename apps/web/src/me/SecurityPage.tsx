import { Row } from 'antd';
import { SecurityCards } from './SecurityCards';

/** Account security (the avatar menu): an administrator's two-factor sign-in and sessions. */
export default function SecurityPage() {
  return (
    <Row gutter={[16, 16]}>
      <SecurityCards />
    </Row>
  );
}
