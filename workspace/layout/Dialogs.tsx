/** Guard alerts (admin pages) and the dirty-page prompt. */
import { Alert } from '@blueprintjs/core';
import { useAtom } from 'jotai';
import { guardAlertAtom, leavePromptAtom } from '../state/atoms';

export function Dialogs() {
  const [alert, setAlert] = useAtom(guardAlertAtom);
  const [prompt] = useAtom(leavePromptAtom);
  return (
    <>
      <Alert
        isOpen={alert !== null}
        intent="warning"
        icon="lock"
        confirmButtonText="OK"
        onConfirm={() => setAlert(null)}
        onClose={() => setAlert(null)}
        canEscapeKeyCancel
      >
        <p>{alert}</p>
      </Alert>
      <Alert
        isOpen={prompt !== null}
        intent="warning"
        icon="warning-sign"
        confirmButtonText="Leave"
        cancelButtonText="Stay"
        onConfirm={() => prompt?.resolve(true)}
        onCancel={() => prompt?.resolve(false)}
        canEscapeKeyCancel
      >
        <p>{prompt?.message}</p>
      </Alert>
    </>
  );
}
