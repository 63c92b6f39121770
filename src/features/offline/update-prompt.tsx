/**
 * The bar under the header that offers a new version of the app once its service
 * worker is installed and waiting (register-sw.ts puts it in the store).
 */
import { useWaitingUpdate } from './sw-updates';

export function UpdatePrompt() {
  const update = useWaitingUpdate();
  if (!update) return null;
  return (
    <div className="app-bar app-bar-floating" role="status">
      <p className="app-bar-text">
        New version available —{' '}
        <button type="button" className="app-bar-link" onClick={() => update.apply()}>
          Reload
        </button>
      </p>
    </div>
  );
}
