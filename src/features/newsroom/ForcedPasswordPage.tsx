import { useNavigate } from '@tanstack/react-router';
import { newsroom } from '../../api/queries/newsroom.ts';
import { ChooseOwnPassword } from './ChooseOwnPassword.tsx';
import { useNewsroomSession } from './NewsroomShell.tsx';

/** '/admin/mot-de-passe': the provisional password is asked again (a reload, or a passkey sign-in). */
export function ForcedPasswordPage() {
  const { setSession } = useNewsroomSession();
  const navigate = useNavigate();
  return (
    <ChooseOwnPassword
      onDone={async () => {
        setSession(await newsroom.session());
        await navigate({ to: '/admin' });
      }}
    />
  );
}
