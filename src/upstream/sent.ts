import { isRegistryError } from './client/index.js';
import { writtenListener } from './client/written.js';

/**
 * One call to the service, with `onSent` told once when its request leaves: when the transport hands it
 * to its connection (client/written.ts), synchronously before the bytes are written. This is the rule of
 * the manifest's call count, which an auditor reconciles with the service's bill: a request is counted
 * when it is written, so that a worker killed a moment later has still counted it, and a request that
 * never reached a connection (no connection could be opened, the process died while it waited for a
 * place in flight) is not counted, since the service never received it. A client that does not go
 * through the transport (tests' fakes) is taken to have sent whatever was answered.
 *
 * `answered` says whether a result that settled without the transport's word is an answer of the service
 * (by default any result; a RegistryError with an HTTP status is one too).
 */
export async function whenSent<T>(
  onSent: () => void,
  send: () => Promise<T>,
  answered: (result: T) => boolean = () => true,
): Promise<T> {
  let told = false;
  const tell = () => {
    if (told) return;
    told = true;
    onSent();
  };
  try {
    const result = await writtenListener.run(tell, send);
    if (answered(result)) tell();
    return result;
  } catch (error) {
    if (isRegistryError(error) && error.status > 0) tell();
    throw error;
  }
}
