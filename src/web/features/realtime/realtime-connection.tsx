import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { RealtimeClient, realtimeUrl, setActiveRealtimeClient } from '../../lib/realtime.ts';
import { sessionEnded } from '../auth/index.ts';
import { handleServerEvent, refreshAfterConnect } from './handle-event.ts';

/**
 * The app's one real-time channel, open while a member of a household is signed in (docs/client.md).
 * Renders nothing; it is its own chunk so that signed-out pages never load it.
 */
export function RealtimeConnection({ userId, householdId }: { userId: string; householdId: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The latest navigate without reopening the socket on every route change.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  useEffect(() => {
    let unmounted = false;
    const client = new RealtimeClient({
      url: realtimeUrl(window.location),
      userId,
      householdId,
      onEvent: (event) =>
        handleServerEvent(event, {
          queryClient,
          userId,
          navigate: (path) => navigateRef.current(path),
          reload: () => window.location.reload(),
        }),
      onConfirmed: (again) => refreshAfterConnect(queryClient, again),
      // Signed out on the server: no reconnecting, unless the same user has signed in again.
      onSessionEnded: () => {
        void sessionEnded(queryClient, userId).then((stillSignedIn) => {
          if (stillSignedIn && !unmounted) client.start();
        });
      },
    });
    setActiveRealtimeClient(client);
    client.start();
    // After giving up, coming back online or to the page tries again.
    const wake = () => {
      if (document.visibilityState === 'visible') client.wake();
    };
    window.addEventListener('online', wake);
    document.addEventListener('visibilitychange', wake);
    return () => {
      unmounted = true;
      window.removeEventListener('online', wake);
      document.removeEventListener('visibilitychange', wake);
      setActiveRealtimeClient(null);
      client.stop();
    };
  }, [queryClient, userId, householdId]);

  return null;
}
