import { Button, Space } from 'antd';
import { useState } from 'react';
import { UserPicker } from './UserPicker';

/**
 * A member picker and the button that acts on the chosen member (add to the assessment, make a Qualified CP); the
 * choice is cleared once the action succeeded. As wide as the screen allows (phones: shell.css).
 */
export function PickMemberAnd({
  action,
  primary,
  onAct,
}: {
  action: string;
  primary?: boolean;
  onAct: (memberId: number) => Promise<unknown>;
}) {
  const [picked, setPicked] = useState<number | undefined>();
  return (
    <Space.Compact className="app-pick-member">
      <UserPicker value={picked} onChange={setPicked} />
      <Button
        type={primary ? 'primary' : 'default'}
        disabled={!picked}
        onClick={() =>
          onAct(picked!).then(
            () => setPicked(undefined),
            () => undefined,
          )
        }
      >
        {action}
      </Button>
    </Space.Compact>
  );
}
