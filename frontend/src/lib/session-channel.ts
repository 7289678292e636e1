// What one tab tells the app's other tabs of this browser about the session they all share
// (one cookie): a sign-out here has ended theirs too, a sign-in here has replaced it, a change
// of name here is theirs to show. One
// channel per tab, since a BroadcastChannel never hears its own messages but does hear those
// of another channel object in the same tab.
import type { SessionUser } from './session';

export type SessionMessage =
  | { type: 'signed-out' }
  | { type: 'signed-in'; user: SessionUser }
  /** The same person, as their profile now reads (a new name). */
  | { type: 'updated'; user: SessionUser };

export const SESSION_CHANNEL = 'playtrack.session';

let channel: BroadcastChannel | undefined;

function tabChannel(): BroadcastChannel {
  channel ??= new BroadcastChannel(SESSION_CHANNEL);
  return channel;
}

export function announce(message: SessionMessage): void {
  tabChannel().postMessage(message);
}

export function onAnnouncement(listener: (message: SessionMessage) => void): () => void {
  const receive = (event: MessageEvent<SessionMessage>) => listener(event.data);
  tabChannel().addEventListener('message', receive);
  return () => tabChannel().removeEventListener('message', receive);
}
