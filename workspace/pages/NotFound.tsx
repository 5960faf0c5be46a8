import { Button, NonIdealState } from '@blueprintjs/core';
import { navigate } from '../nav';

export default function NotFound() {
  return (
    <NonIdealState
      icon="search"
      title="Page not found"
      description="The page you asked for does not exist or has moved."
      action={<Button intent="primary" text="Go to the dashboard" onClick={() => void navigate('/dashboard')} />}
    />
  );
}
