import { Col } from 'antd';
import { SessionsCard } from './SessionsCard';
import { TwoFactorCard } from './TwoFactorCard';

/** Two-factor sign-in and the sessions, as columns of the personal center's and Account security's grid. */
export function SecurityCards() {
  return (
    <>
      <Col xs={24} xl={12}>
        <TwoFactorCard />
      </Col>
      <Col xs={24} xl={12}>
        <SessionsCard />
      </Col>
    </>
  );
}
