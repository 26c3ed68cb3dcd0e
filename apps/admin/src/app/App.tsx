import { useCallback, useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { session } from '../api';
import { LoginPage } from '../sections/login/LoginPage';
import { Shell } from './Shell';

export function App() {
  const [signedIn, setSignedIn] = useState(session.token() !== null);
  const loggedOut = useCallback(() => setSignedIn(false), []);
  useEffect(() => session.onLoggedOut(loggedOut), [loggedOut]);
  return (
    <BrowserRouter basename="/admin">
      {signedIn ? <Shell onLoggedOut={loggedOut} /> : <LoginPage onSignedIn={() => setSignedIn(true)} />}
    </BrowserRouter>
  );
}
