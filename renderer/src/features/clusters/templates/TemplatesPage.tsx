// The Templates area: /templates (gallery or table) and /templates/<id> (detail), with the
// create / edit / duplicate form shared by both.
import { useCallback, useState } from 'react';
import type { Template } from '../../../../../shared/api/clusters/templates';
import { navigate, useHashPath } from '../../../platform/navigation/hash-router';
import { notify } from '../../../platform/notifications-store';
import { TemplateDetail } from './TemplateDetail';
import { TemplateFormDialog, type TemplateFormMode } from './TemplateFormDialog';
import { TemplateListView } from './TemplateListView';

/** The template id of `/templates/<id>`, or null on the list. */
export function templateIdOf(path: string): string | null {
  const m = /^\/templates\/([^/]+)/.exec(path);
  return m ? decodeURIComponent(m[1]!) : null;
}

export default function TemplatesPage() {
  const id = templateIdOf(useHashPath());
  const [mode, setMode] = useState<TemplateFormMode | null>(null);
  const onSaved = useCallback((t: Template, created: boolean) => {
    notify('success', created ? `Template “${t.name}” created` : `Template “${t.name}” saved`);
    // A duplicate made from a detail view opens the new template; from the list it shows up in the list.
    if (created && templateIdOf(window.location.hash.slice(1)) !== null) navigate(`/templates/${t.id}`);
  }, []);

  return (
    <>
      {id ? (
        <TemplateDetail
          id={id}
          onEdit={(template) => setMode({ kind: 'edit', template })}
          onDuplicate={(template) => setMode({ kind: 'duplicate', template })}
        />
      ) : (
        <TemplateListView onCreate={() => setMode({ kind: 'create' })} />
      )}
      <TemplateFormDialog mode={mode} onClose={() => setMode(null)} onSaved={onSaved} />
    </>
  );
}
