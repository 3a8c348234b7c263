// The one door to Monaco: a dynamic import, so the editor (and its workers) load only when an editor
// is shown and never count towards a page's initial JavaScript. Unit tests mock this module.
import type { ComponentType } from 'react';
import type { MonacoJsonEditorProps } from './MonacoJsonEditor.tsx';

let pending: Promise<ComponentType<MonacoJsonEditorProps>> | undefined;

/** Loads the Monaco JSON editor once; later calls share the same promise (a failed load may be retried). */
export function loadMonacoEditor(): Promise<ComponentType<MonacoJsonEditorProps>> {
  pending ??= import('./MonacoJsonEditor.tsx').then(
    async (module) => {
      await module.stylesReady;
      return module.default;
    },
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}
